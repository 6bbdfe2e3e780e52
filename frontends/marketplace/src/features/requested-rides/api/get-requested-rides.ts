import { getRequestedRides as getRequestedRidesEndpoint } from '@krom/contracts/api-routes';
import type { RequestedRide } from '@krom/contracts/http/ride-requests';
import { callEndpoint } from '@krom/ui-kit/call-endpoint.ts';
import { queryOptions, useQuery } from '@tanstack/react-query';

export const requestedRidesQueryKey = [getRequestedRidesEndpoint.path] as const;

/** The open requests the signed-in driver's upcoming rides fit, in the order of their soonest ride. */
export async function getRequestedRides({ signal }: { signal?: AbortSignal } = {}): Promise<RequestedRide[]> {
  return (await callEndpoint(getRequestedRidesEndpoint, { signal })).requests;
}

export const getRequestedRidesQueryOptions = () =>
  queryOptions({ queryKey: requestedRidesQueryKey, queryFn: ({ signal }) => getRequestedRides({ signal }) });

export function useRequestedRides() {
  return useQuery(getRequestedRidesQueryOptions());
}
