import { getRide as getRideEndpoint } from '@krom/contracts/api-routes';
import type { RideDetails } from '@krom/contracts/http/rides';
import { callEndpoint } from '@krom/ui-kit/call-endpoint.ts';
import { queryOptions, useQuery } from '@tanstack/react-query';

/*
 * One ride with its driver, vehicle, stops and coordinates (open to guests), read by the ride
 * preview and the driver's edit screen: one definition, one cache entry.
 */

/** A ride (404 when there is no such ride). */
export async function getRide(id: string, signal?: AbortSignal): Promise<RideDetails> {
  return callEndpoint(getRideEndpoint, { params: { id }, signal });
}

/** '/api/rides' first, like the listing's key: invalidating the rides after a change refreshes this too. */
const ridesKey = getRideEndpoint.path.replace('/:id', '');

export const getRideQueryOptions = (id: string) => queryOptions({ queryKey: [ridesKey, id] as const, queryFn: ({ signal }) => getRide(id, signal) });

export function useRide(id: string) {
  return useQuery(getRideQueryOptions(id));
}
