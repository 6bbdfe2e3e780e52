/**
 * A driver's rating as cards show it: "★ 4.6 (12)", the average of their visible reviews and how
 * many; "New driver" before the first. No rating is ever made up (the spec's old 4.8 fallback).
 */
export function driverRatingText(rating: number | null, reviewCount: number | undefined): string {
  if (rating === null || reviewCount === 0) return 'New driver';
  return reviewCount === undefined ? `★ ${rating.toFixed(1)}` : `★ ${rating.toFixed(1)} (${reviewCount})`;
}

/** "12 reviews", "1 review". */
export const reviewCountText = (count: number) => `${count} review${count === 1 ? '' : 's'}`;

/**
 * A passenger's rating as their driver sees it on a booking: "★ 4.5 (3)" from drivers' visible
 * reviews, or "New" before the first (and from an answer made before ratings were sent).
 */
export function passengerRatingText(rating: { average: number | null; count: number } | undefined): string {
  if (!rating || rating.average === null || rating.count === 0) return 'New';
  return `★ ${rating.average.toFixed(1)} (${rating.count})`;
}
