import { searchStaffBookings as searchStaffBookingsEndpoint } from '@krom/contracts/api-routes';
import type { StaffBookingList, StaffBookingSearchQuery } from '@krom/contracts/http/staff-bookings';
import { callEndpoint } from '@krom/ui-kit/call-endpoint.ts';
import { queryOptions, useQuery } from '@tanstack/react-query';

/** Every search, whatever its key: what a cancellation makes out of date. */
export const bookingSearchQueryKey = [searchStaffBookingsEndpoint.path] as const;

/** Bookings by one key (boarding code, passenger phone or ride id), newest first, at most 50. */
export async function searchBookings(query: StaffBookingSearchQuery, signal?: AbortSignal): Promise<StaffBookingList> {
  return callEndpoint(searchStaffBookingsEndpoint, { query, signal });
}

export function getSearchBookingsQueryOptions(query: StaffBookingSearchQuery) {
  return queryOptions({
    queryKey: [...bookingSearchQueryKey, query] as const,
    queryFn: ({ signal }) => searchBookings(query, signal),
    // Bookings move all the time (passengers, drivers, jobs): a search is read again on return.
    staleTime: 0,
    retry: false,
  });
}

export function useSearchBookings(query: StaffBookingSearchQuery | undefined) {
  return useQuery({ ...getSearchBookingsQueryOptions(query ?? {}), enabled: query !== undefined });
}
