import { getRide as getRideEndpoint } from '@krom/contracts/api/rides';
import type { RideDetails } from '@krom/contracts/http/rides';
import { callEndpoint } from '@krom/ui-kit/call-endpoint.ts';
import { queryOptions, useQuery } from '@tanstack/react-query';

/**
 * '/api/rides' then the id, the key the ride preview gives the same read: one cache for both,
 * refreshed with every rides read after a change.
 */
const ridesKey = getRideEndpoint.path.replace('/:id', '');

/** A ride with its driver and vehicle (404 when there is no such ride). */
export const rideQueryOptions = (id: string) =>
  queryOptions({
    queryKey: [ridesKey, id] as const,
    queryFn: ({ signal }): Promise<RideDetails> => callEndpoint(getRideEndpoint, { params: { id }, signal }),
  });

export function useRide(id: string) {
  return useQuery(rideQueryOptions(id));
}
