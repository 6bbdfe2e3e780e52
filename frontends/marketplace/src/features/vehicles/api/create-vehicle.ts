import { createVehicle as createVehicleEndpoint } from '@krom/contracts/api-routes';
import type { Vehicle, VehicleInput } from '@krom/contracts/http/vehicles';
import { callEndpoint } from '@krom/ui-kit/call-endpoint.ts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { refreshVehicles } from './refresh-vehicles.ts';

/** Registers a vehicle; a licence plate already on Krom is refused with 409. */
export async function createVehicle(vehicle: VehicleInput): Promise<Vehicle> {
  return callEndpoint(createVehicleEndpoint, { body: vehicle });
}

export function useCreateVehicle() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createVehicle, onSuccess: () => refreshVehicles(queryClient) });
}
