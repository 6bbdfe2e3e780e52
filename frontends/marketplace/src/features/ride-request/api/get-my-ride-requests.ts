import { getMyRideRequests as getMyRideRequestsEndpoint } from '@krom/contracts/api-routes';
import type { MyRideRequest } from '@krom/contracts/http/ride-requests';
import { callEndpoint } from '@krom/ui-kit/call-endpoint.ts';
import { queryOptions, useQuery } from '@tanstack/react-query';

/** Every query of the user's ride requests starts with this, so one invalidation refreshes them all. */
export const myRideRequestsQueryKey = [getMyRideRequestsEndpoint.path] as const;

/** The signed-in user's active ride requests, newest first, each with the rides it matched that can still be booked. */
export async function getMyRideRequests({ signal }: { signal?: AbortSignal } = {}): Promise<MyRideRequest[]> {
  return (await callEndpoint(getMyRideRequestsEndpoint, { signal })).requests;
}

export const getMyRideRequestsQueryOptions = () =>
  queryOptions({ queryKey: myRideRequestsQueryKey, queryFn: ({ signal }) => getMyRideRequests({ signal }) });

export function useMyRideRequests() {
  return useQuery(getMyRideRequestsQueryOptions());
}
