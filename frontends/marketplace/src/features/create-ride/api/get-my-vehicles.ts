import { getVehicles as getVehiclesEndpoint } from '@krom/contracts/api/vehicles';
import type { Vehicle } from '@krom/contracts/http/vehicles';
import { callEndpoint } from '@krom/ui-kit/call-endpoint.ts';
import { queryOptions, useQuery } from '@tanstack/react-query';

/**
 * The vehicles to choose from in step 3. The same key as the vehicle screens' list (the
 * endpoint's path), so one cache entry serves both and adding a vehicle refreshes it.
 */
export const getMyVehiclesQueryOptions = () =>
  queryOptions({ queryKey: [getVehiclesEndpoint.path] as const, queryFn: (): Promise<Vehicle[]> => callEndpoint(getVehiclesEndpoint) });

export function useMyVehicles() {
  return useQuery(getMyVehiclesQueryOptions());
}
