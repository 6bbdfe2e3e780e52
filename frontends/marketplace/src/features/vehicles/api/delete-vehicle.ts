import { deleteVehicle as deleteVehicleEndpoint } from '@krom/contracts/api-routes';
import { callEndpoint } from '@krom/ui-kit/call-endpoint.ts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { refreshVehicles } from './refresh-vehicles.ts';

/** Removes one of the user's vehicles; refused with 409 while it has upcoming rides. */
export async function deleteVehicle(id: string): Promise<void> {
  await callEndpoint(deleteVehicleEndpoint, { params: { id } });
}

export function useDeleteVehicle() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteVehicle, onSuccess: () => refreshVehicles(queryClient) });
}
