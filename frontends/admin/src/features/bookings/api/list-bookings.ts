import { listStaffBookings as listStaffBookingsEndpoint } from '@krom/contracts/api-routes';
import type { StaffBookingList, StaffBookingListQuery } from '@krom/contracts/http/staff-bookings';
import { callEndpoint } from '@krom/ui-kit/call-endpoint.ts';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { type FilterValues, filledFilters } from '../../../lib/filter-form.ts';

/** The filters as the tab keeps them in the address (days are Ghana's, yyyy-MM-dd). */
export const staffBookingFilterKeys = ['status', 'paymentMethod', 'departureFrom', 'departureTo', 'rideId', 'phone', 'code'] as const;
export type StaffBookingFilters = FilterValues<(typeof staffBookingFilterKeys)[number]>;

/** Every page of every list, whatever its filters: what a cancellation makes out of date. */
export const bookingListQueryKey = [listStaffBookingsEndpoint.path] as const;

/** One page of bookings, newest departure first; `before` (the page before's `nextCursor`) asks for the page after it. */
export async function listBookings(filters: StaffBookingFilters, before?: string, signal?: AbortSignal): Promise<StaffBookingList> {
  const query = { ...filledFilters(staffBookingFilterKeys, filters), ...(before && { before }) };
  return callEndpoint(listStaffBookingsEndpoint, { query: query as StaffBookingListQuery, signal });
}

export function getListBookingsQueryOptions(filters: StaffBookingFilters) {
  return infiniteQueryOptions({
    queryKey: [...bookingListQueryKey, filters] as const,
    queryFn: ({ pageParam, signal }) => listBookings(filters, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page: StaffBookingList) => page.nextCursor ?? undefined,
    // Bookings move all the time (passengers, drivers, jobs): the list is read again on return.
    staleTime: 0,
    retry: false,
  });
}

export function useListBookings(filters: StaffBookingFilters) {
  return useInfiniteQuery(getListBookingsQueryOptions(filters));
}
