import { listStaffRides as listStaffRidesEndpoint } from '@krom/contracts/api-routes';
import type { StaffRideList, StaffRideListQuery } from '@krom/contracts/http/staff-rides';
import { callEndpoint } from '@krom/ui-kit/call-endpoint.ts';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { type FilterValues, filledFilters } from '../../../lib/filter-form.ts';

/** The filters as the tab keeps them in the address (days are Ghana's, yyyy-MM-dd). */
export const staffRideFilterKeys = ['status', 'from', 'to', 'departureFrom', 'departureTo', 'driverId'] as const;
export type StaffRideFilters = FilterValues<(typeof staffRideFilterKeys)[number]>;

/** One page of rides, newest departure first; `before` (the page before's `nextCursor`) asks for the page after it. */
export async function listRides(filters: StaffRideFilters, before?: string, signal?: AbortSignal): Promise<StaffRideList> {
  const query = { ...filledFilters(staffRideFilterKeys, filters), ...(before && { before }) };
  return callEndpoint(listStaffRidesEndpoint, { query: query as StaffRideListQuery, signal });
}

export function getListRidesQueryOptions(filters: StaffRideFilters) {
  return infiniteQueryOptions({
    queryKey: [listStaffRidesEndpoint.path, filters] as const,
    queryFn: ({ pageParam, signal }) => listRides(filters, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page: StaffRideList) => page.nextCursor ?? undefined,
    // Seats and bookings move all the time: opening the tab again reads it again.
    staleTime: 0,
    retry: false,
  });
}

export function useListRides(filters: StaffRideFilters) {
  return useInfiniteQuery(getListRidesQueryOptions(filters));
}
