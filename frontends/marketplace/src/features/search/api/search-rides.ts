import { searchRides as searchRidesEndpoint } from '@krom/contracts/api-routes';
import type { RideSearchQuery, RideSearchResponse } from '@krom/contracts/http/rides';
import { callEndpoint } from '@krom/ui-kit/call-endpoint.ts';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';

/** The listing's filters as GET /api/rides takes them; the server does all the matching. */
export type RideFilters = {
  from?: string | undefined;
  to?: string | undefined;
  /** With coordinates, rides passing near the chosen place match too (the server's nearby radius). */
  fromLatitude?: number | undefined;
  fromLongitude?: number | undefined;
  toLatitude?: number | undefined;
  toLongitude?: number | undefined;
  date?: string | undefined;
  seats?: number | undefined;
  /** The preference filters that are on (`luggage` a size, the others `true`). */
  luggage?: string | undefined;
  noSmoking?: string | undefined;
  pets?: string | undefined;
  airConditioning?: string | undefined;
  maxTwoInBack?: string | undefined;
  womenOnly?: string | undefined;
};

/** Every cached page of every search starts with this key (posting a ride invalidates it). */
export const ridesQueryKey = [searchRidesEndpoint.path] as const;

/** One page of future, active rides with free seats matching the filters, soonest first. */
export async function searchRides(filters: RideFilters, page: number, signal?: AbortSignal): Promise<RideSearchResponse> {
  const query: Record<string, string> = {};
  for (const [name, value] of Object.entries(filters)) {
    if (value !== undefined && value !== '') query[name] = String(value);
  }
  query.page = String(page);
  return callEndpoint(searchRidesEndpoint, { query: query as RideSearchQuery, signal });
}

/** The listing's query, a page at a time ("Load more rides" asks for the next while any remain). */
export function getRidesQueryOptions(filters: RideFilters) {
  return infiniteQueryOptions({
    queryKey: [...ridesQueryKey, filters],
    queryFn: ({ pageParam, signal }) => searchRides(filters, pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page * last.pageSize < last.total ? last.page + 1 : undefined),
  });
}

export function useRides(filters: RideFilters) {
  return useInfiniteQuery(getRidesQueryOptions(filters));
}
