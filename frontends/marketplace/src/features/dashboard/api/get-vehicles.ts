import { getVehicles as getVehiclesEndpoint } from '@krom/contracts/api/vehicles';
import type { Vehicle } from '@krom/contracts/http/vehicles';
import { callEndpoint } from '@krom/ui-kit/call-endpoint.ts';
import { queryOptions, useQuery } from '@tanstack/react-query';

/** The signed-in user's vehicles, keyed by the endpoint's path as the vehicle screens key it. */
export const vehiclesQueryOptions = () =>
  queryOptions({
    queryKey: [getVehiclesEndpoint.path] as const,
    queryFn: ({ signal }): Promise<Vehicle[]> => callEndpoint(getVehiclesEndpoint, { signal }),
  });

export function useVehicles() {
  return useQuery(vehiclesQueryOptions());
}
