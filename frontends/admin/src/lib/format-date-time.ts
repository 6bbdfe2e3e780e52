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
