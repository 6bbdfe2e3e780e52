import { getMyBookings as getMyBookingsEndpoint } from '@krom/contracts/api-routes';
import type { Booking } from '@krom/contracts/http/bookings';
import { callEndpoint } from '@krom/ui-kit/call-endpoint.ts';
import { queryOptions, useQuery } from '@tanstack/react-query';

/*
 * The signed-in passenger's bookings, read by the passenger rides screen (both tabs) and the
 * dashboard's My Bookings (the upcoming ones): one definition, so a booking made on the booking
 * screen or cancelled on the list refreshes them.
 */

export type BookingsWhen = 'upcoming' | 'past';

/** Every query of the passenger's bookings starts with this key. */
export const myBookingsQueryKey = [getMyBookingsEndpoint.path] as const;

/** The passenger's bookings: upcoming soonest first, or past latest first. */
export const myBookingsQueryOptions = (when: BookingsWhen) =>
  queryOptions({
    queryKey: [...myBookingsQueryKey, when] as const,
    queryFn: async ({ signal }): Promise<Booking[]> => (await callEndpoint(getMyBookingsEndpoint, { query: { when }, signal })).bookings,
  });

export function useMyBookings(when: BookingsWhen) {
  return useQuery(myBookingsQueryOptions(when));
}
