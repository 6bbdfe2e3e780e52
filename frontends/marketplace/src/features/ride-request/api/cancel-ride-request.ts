import { cancelRideRequest as cancelRideRequestEndpoint } from '@krom/contracts/api-routes';
import { callEndpoint } from '@krom/ui-kit/call-endpoint.ts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { myRideRequestsQueryKey } from './get-my-ride-requests.ts';

/** Cancels one of the user's active ride requests (404 once it has expired or is not theirs). */
export async function cancelRideRequest(id: string): Promise<void> {
  await callEndpoint(cancelRideRequestEndpoint, { params: { id } });
}

export function useCancelRideRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelRideRequest,
    // A refused cancel refreshes too: the request expired meanwhile, and the list should say so.
    onSettled: () => void queryClient.invalidateQueries({ queryKey: myRideRequestsQueryKey }),
  });
}
