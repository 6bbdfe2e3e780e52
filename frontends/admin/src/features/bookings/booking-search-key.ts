import type { StaffBookingSearchQuery } from '@krom/contracts/http/staff-bookings';

const rideIdPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** A phone as people type it: digits, maybe a leading +, spaces or dashes between. */
const phonePattern = /^\+?[\d\s-]{7,}$/;

/**
 * Which key one search box's text is: a ride id (a uuid), a phone (digits), otherwise a boarding
 * code. The rides service checks the value itself and says clearly what is wrong with it.
 */
export function bookingSearchQuery(text: string): StaffBookingSearchQuery | undefined {
  const value = text.trim();
  if (value === '') return undefined;
  if (rideIdPattern.test(value)) return { rideId: value };
  if (phonePattern.test(value)) return { phone: value };
  return { code: value };
}
