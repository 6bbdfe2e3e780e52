import { getRide as getRideEndpoint } from '@krom/contracts/api-routes';
import type { RideDetails } from '@krom/contracts/http/rides';
import { callEndpoint } from '@krom/ui-kit/call-endpoint.ts';
import { queryOptions, useQuery } from '@tanstack/react-query';

/*
 * One ride with its driver, vehicle, stops and coordinates (open to guests), read by the ride
 * preview and the driver's edit screen: one definition, one cache entry.
 */

/**
 * The passenger's leg as the page's address gives it (`?board=&alight=`, the ride's place
 * indexes), passed on as it is: the service judges it, and the web server's preload asks the same
 * URL (preview-data-preload.ts). Absent, the ride answers for its whole route.
 */
export type RideLegAsked = { board?: string | null | undefined; alight?: string | null | undefined };

/** The leg's query as sent, in the preload's order, without empty values. */
function legQueryOf(leg: RideLegAsked): Record<string, string> | undefined {
  const query: Record<string, string> = {};
  for (const name of ['board', 'alight'] as const) {
    const value = leg[name]?.trim();
    if (value) query[name] = value;
  }
  return Object.keys(query).length > 0 ? query : undefined;
}

/** A ride (404 when there is no such ride), with the seats left and price of the leg asked for. */
export async function getRide(id: string, signal?: AbortSignal, leg: RideLegAsked = {}): Promise<RideDetails> {
  const query = legQueryOf(leg);
  return callEndpoint(getRideEndpoint, { params: { id }, ...(query ? { query } : {}), signal });
}

/** '/api/rides' first, like the listing's key: invalidating the rides after a change refreshes this too. */
const ridesKey = getRideEndpoint.path.replace('/:id', '');

export const getRideQueryOptions = (id: string, leg: RideLegAsked = {}) =>
  queryOptions({ queryKey: [ridesKey, id, legQueryOf(leg) ?? null] as const, queryFn: ({ signal }) => getRide(id, signal, leg) });

export function useRide(id: string, leg: RideLegAsked = {}) {
  return useQuery(getRideQueryOptions(id, leg));
}
