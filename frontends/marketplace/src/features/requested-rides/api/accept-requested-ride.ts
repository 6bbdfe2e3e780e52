import { acceptRequestedRide as acceptRequestedRideEndpoint } from '@krom/contracts/api-routes';
import { callEndpoint } from '@krom/ui-kit/call-endpoint.ts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { requestedRidesQueryKey } from './get-requested-rides.ts';

/** Invites the request's passenger to book the driver's ride (twice answers the same invitation). */
export async function acceptRequestedRide({ requestId, rideId }: { requestId: string; rideId: string }): Promise<void> {
  await callEndpoint(acceptRequestedRideEndpoint, { params: { requestId }, body: { rideId } });
}

export function useAcceptRequestedRide() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: acceptRequestedRide,
    // A refusal refreshes too: the request expired or the seats went meanwhile, and the list should say so.
    onSettled: () => void queryClient.invalidateQueries({ queryKey: requestedRidesQueryKey }),
  });
}
