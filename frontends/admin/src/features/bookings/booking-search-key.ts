import type { StaffBookingFilters } from './api/list-bookings.ts';

const rideIdPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** A phone as people type it: digits, maybe a leading +, spaces or dashes between. */
const phonePattern = /^\+?[\d\s-]{7,}$/;

/**
 * The filter an address from before the filters (`?tab=bookings&q=...`, one box) stands for: a
 * ride id (a uuid), a phone (digits), otherwise a boarding code. Kept so such links still work.
 */
export function filterOfOneBoxSearch(text: string | null): StaffBookingFilters {
  const value = text?.trim() ?? '';
  if (value === '') return {};
  if (rideIdPattern.test(value)) return { rideId: value };
  if (phonePattern.test(value)) return { phone: value };
  return { code: value };
}
