import { getVehicles as getVehiclesEndpoint } from '@krom/contracts/api/vehicles';
import type { Vehicle } from '@krom/contracts/http/vehicles';
import { callEndpoint } from '@krom/ui-kit/call-endpoint.ts';
import { queryOptions, useQuery } from '@tanstack/react-query';

/** Every vehicle query starts with this, so one invalidation refreshes the list and each vehicle. */
export const vehiclesQueryKey = [getVehiclesEndpoint.path] as const;

/** The signed-in user's vehicles, newest first. */
export async function getVehicles(): Promise<Vehicle[]> {
  return callEndpoint(getVehiclesEndpoint);
}

export const getVehiclesQueryOptions = () => queryOptions({ queryKey: vehiclesQueryKey, queryFn: getVehicles });

export function useVehicles() {
  return useQuery(getVehiclesQueryOptions());
}
