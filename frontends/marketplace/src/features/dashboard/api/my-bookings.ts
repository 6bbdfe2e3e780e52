import { getMyBookings as getMyBookingsEndpoint } from '@krom/contracts/api-routes';
import type { Booking } from '@krom/contracts/http/bookings';
import { callEndpoint } from '@krom/ui-kit/call-endpoint.ts';
import { queryOptions, useQuery } from '@tanstack/react-query';

/** The signed-in passenger's upcoming bookings, soonest first (the dashboard's My Bookings). */
export async function getUpcomingBookings(signal?: AbortSignal): Promise<Booking[]> {
  return (await callEndpoint(getMyBookingsEndpoint, { query: { when: 'upcoming' }, signal })).bookings;
}

export const upcomingBookingsQueryOptions = () =>
  queryOptions({ queryKey: [getMyBookingsEndpoint.path, 'upcoming'] as const, queryFn: ({ signal }) => getUpcomingBookings(signal) });

export function useUpcomingBookings() {
  return useQuery(upcomingBookingsQueryOptions());
}
