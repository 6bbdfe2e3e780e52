/** The greeting for the hour in Ghana (UTC all year, no daylight saving). */
export function greetingAt(now: Date): string {
  const hour = now.getUTCHours();
  if (hour < 12) return 'Good morning';
  if (hour < 17) return 'Good afternoon';
  return 'Good evening';
}

/** "4.8" from an average rating. */
export const formatRating = (rating: number) => rating.toFixed(1);
