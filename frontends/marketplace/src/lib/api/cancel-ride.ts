import { cancelRide as cancelRideEndpoint } from '@krom/contracts/api-routes';
import { callEndpoint } from '@krom/ui-kit/call-endpoint.ts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { refreshDriverRides } from './refresh-driver-rides.ts';

/** Cancels the driver's own future ride while nobody has booked it (409 otherwise). */
export async function cancelRide(id: string): Promise<void> {
  await callEndpoint(cancelRideEndpoint, { params: { id } });
}

export function useCancelRide() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelRide,
    // A refused cancel also refreshes: the ride was booked or departed meanwhile, and the list should say so.
    onSettled: () => void refreshDriverRides(queryClient),
  });
}
