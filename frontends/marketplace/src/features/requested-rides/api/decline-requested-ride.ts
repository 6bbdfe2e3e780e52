import { declineRequestedRide as declineRequestedRideEndpoint } from '@krom/contracts/api-routes';
import { callEndpoint } from '@krom/ui-kit/call-endpoint.ts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { requestedRidesQueryKey } from './get-requested-rides.ts';

/** Hides the request from the signed-in driver (only). */
export async function declineRequestedRide(requestId: string): Promise<void> {
  await callEndpoint(declineRequestedRideEndpoint, { params: { requestId } });
}

export function useDeclineRequestedRide() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: declineRequestedRide,
    onSettled: () => void queryClient.invalidateQueries({ queryKey: requestedRidesQueryKey }),
  });
}
