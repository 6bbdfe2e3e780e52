import type { DriverEarnings } from '@krom/contracts/http/payment-receipts';
import type { DriverDashboard } from '@krom/contracts/http/rides';

/** A driver who has posted nothing yet, as the rides service answers for them. */
export const nothingYet: DriverDashboard = {
  currency: 'GHS',
  totals: { ridesPosted: 0, ridesCompleted: 0, upcomingRides: 0, seatsOffered: 0 },
  activeRide: null,
  upcomingRides: [],
  recentRides: [],
  rating: null,
  reviewCount: 0,
};

/** The 12 weeks the payments service answers with, Mondays from 7 Sep 2026 to 23 Nov 2026. */
export const chartWeeks = Array.from({ length: 12 }, (_, index) => new Date(Date.UTC(2026, 8, 7 + 7 * index)).toISOString().slice(0, 10));

/** What the payments service answers for a driver: these periods and weeks, nothing paid out unless told. */
export function paidOut(periods: Partial<DriverEarnings> = {}): DriverEarnings {
  const weeks = chartWeeks.map((weekStart) => ({ weekStart, amount: '0.00' }));
  return { currency: 'GHS', today: '0.00', thisWeek: '0.00', thisMonth: '0.00', lastMonth: '0.00', weeks, ...periods };
}
