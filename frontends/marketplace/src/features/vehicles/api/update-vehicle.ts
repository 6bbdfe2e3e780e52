import { updateVehicle as updateVehicleEndpoint } from '@krom/contracts/api-routes';
import type { Vehicle, VehicleInput } from '@krom/contracts/http/vehicles';
import { callEndpoint } from '@krom/ui-kit/call-endpoint.ts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { refreshVehicles } from './refresh-vehicles.ts';

/** Saves every field of one of the user's vehicles (the form sends them all). */
export async function updateVehicle({ id, vehicle }: { id: string; vehicle: VehicleInput }): Promise<Vehicle> {
  return callEndpoint(updateVehicleEndpoint, { params: { id }, body: vehicle });
}

export function useUpdateVehicle() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateVehicle, onSuccess: () => refreshVehicles(queryClient) });
}
