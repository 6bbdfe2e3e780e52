import { getMyRides as getMyRidesEndpoint } from '@krom/contracts/api-routes';
import type { DriverRide } from '@krom/contracts/http/rides';
import { callEndpoint } from '@krom/ui-kit/call-endpoint.ts';
import { queryOptions, useQuery } from '@tanstack/react-query';

/*
 * The signed-in driver's rides, read by the driver rides screen (both tabs) and the dashboard's
 * list: one definition, so a cancel on one screen refreshes the other.
 */

export type RidesWhen = 'upcoming' | 'past';

/** Every query of the signed-in driver's rides starts with this key. */
export const myRidesQueryKey = [getMyRidesEndpoint.path] as const;

/** The signed-in driver's rides: upcoming soonest first, or past latest first. */
export const myRidesQueryOptions = (when: RidesWhen) =>
  queryOptions({
    queryKey: [...myRidesQueryKey, when] as const,
    queryFn: async ({ signal }): Promise<DriverRide[]> => (await callEndpoint(getMyRidesEndpoint, { query: { when }, signal })).rides,
  });

export function useMyRides(when: RidesWhen) {
  return useQuery(myRidesQueryOptions(when));
}
