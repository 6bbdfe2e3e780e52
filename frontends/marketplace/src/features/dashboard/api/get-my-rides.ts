import { getMyRides as getMyRidesEndpoint } from '@krom/contracts/api/rides';
import type { DriverRide } from '@krom/contracts/http/rides';
import { callEndpoint } from '@krom/ui-kit/call-endpoint.ts';
import { queryOptions, useQuery } from '@tanstack/react-query';

/**
 * The signed-in user's upcoming rides as a driver, soonest first. The key is the driver rides
 * screen's too (`[path, when]`), so both read one cache and a cancel there refreshes this.
 */
export const upcomingRidesQueryOptions = () =>
  queryOptions({
    queryKey: [getMyRidesEndpoint.path, 'upcoming'] as const,
    queryFn: async ({ signal }): Promise<DriverRide[]> =>
      (await callEndpoint(getMyRidesEndpoint, { query: { when: 'upcoming' }, signal })).rides,
  });

export function useUpcomingRides() {
  return useQuery(upcomingRidesQueryOptions());
}
