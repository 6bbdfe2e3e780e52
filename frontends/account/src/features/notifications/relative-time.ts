import { formatDayInGhana } from '@krom/contracts/ghana-time';

const units: [Intl.RelativeTimeFormatUnit, number][] = [
  ['day', 86_400_000],
  ['hour', 3_600_000],
  ['minute', 60_000],
];
const spoken = new Intl.RelativeTimeFormat('en', { numeric: 'auto' });

/** "Just now", "5 minutes ago", "yesterday", "3 days ago"; a date once it is over a week old. */
export function relativeTime(iso: string, now: number = Date.now()): string {
  const then = new Date(iso).getTime();
  const elapsed = Math.max(0, now - then);
  if (elapsed < 60_000) return 'Just now';
  // In Ghana's time: dates read the same wherever the phone thinks it is.
  if (elapsed >= 7 * 86_400_000) return formatDayInGhana(then);
  for (const [unit, size] of units) {
    if (elapsed >= size) return spoken.format(-Math.floor(elapsed / size), unit);
  }
  return 'Just now';
}
