import { getVehicle as getVehicleEndpoint } from '@krom/contracts/api-routes';
import type { Vehicle } from '@krom/contracts/http/vehicles';
import { callEndpoint } from '@krom/ui-kit/call-endpoint.ts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { vehiclesQueryKey } from '../../../lib/api/vehicles.ts';

/** One of the signed-in user's vehicles; 404 for an unknown id or someone else's. */
export async function getVehicle(id: string): Promise<Vehicle> {
  return callEndpoint(getVehicleEndpoint, { params: { id } });
}

export const getVehicleQueryOptions = (id: string) => queryOptions({ queryKey: [...vehiclesQueryKey, id], queryFn: () => getVehicle(id) });

export function useVehicle(id: string) {
  return useQuery(getVehicleQueryOptions(id));
}
