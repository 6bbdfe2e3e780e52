import { getVehicles as getVehiclesEndpoint } from '@krom/contracts/api-routes';
import type { Vehicle } from '@krom/contracts/http/vehicles';
import { callEndpoint } from '@krom/ui-kit/call-endpoint.ts';
import { queryOptions, useQuery } from '@tanstack/react-query';

/*
 * The signed-in user's vehicles, read by several features (the vehicle screens, the wizard's
 * vehicle step, the dashboard's profile badges): one definition, so they share one cache entry.
 */

/** Every vehicle query starts with this, so one invalidation refreshes the list and each vehicle. */
export const vehiclesQueryKey = [getVehiclesEndpoint.path] as const;

/** The signed-in user's vehicles, newest first. */
export async function getVehicles(signal?: AbortSignal): Promise<Vehicle[]> {
  return callEndpoint(getVehiclesEndpoint, { signal });
}

export const getVehiclesQueryOptions = () => queryOptions({ queryKey: vehiclesQueryKey, queryFn: ({ signal }) => getVehicles(signal) });

export function useVehicles() {
  return useQuery(getVehiclesQueryOptions());
}
