/**
 * US English short form with hour and minute ("Jan 5, 2025, 03:04 PM"), the spec's format for
 * the CSV export and the one the admin tables use too. Local time unless a zone is given.
 */
export function formatDateTime(iso: string, timeZone?: string): string {
  return new Date(iso).toLocaleString('en-US', {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    ...(timeZone ? { timeZone } : {}),
  });
}

/** The same form without the time ("Jan 5, 2025"), for days such as when an account was created. */
export function formatDate(iso: string, timeZone?: string): string {
  return new Date(iso).toLocaleDateString('en-US', {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    ...(timeZone ? { timeZone } : {}),
  });
}

/** A calendar date as forms send it (yyyy-MM-dd) in the same form; no time zone can move its day. */
export function formatCalendarDate(day: string): string {
  return /^\d{4}-\d{2}-\d{2}$/.test(day) ? formatDate(`${day}T00:00:00Z`, 'UTC') : day;
}
