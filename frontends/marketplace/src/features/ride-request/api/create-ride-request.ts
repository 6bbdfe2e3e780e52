import { createRideRequest as createRideRequestEndpoint } from '@krom/contracts/api-routes';
import type { RideRequest, RideRequestInput } from '@krom/contracts/http/ride-requests';
import { callEndpoint } from '@krom/ui-kit/call-endpoint.ts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { myRideRequestsQueryKey } from './get-my-ride-requests.ts';

/** Files a ride request: the user is told when a matching ride is posted. */
export async function createRideRequest(request: RideRequestInput): Promise<RideRequest> {
  return callEndpoint(createRideRequestEndpoint, { body: request });
}

export function useCreateRideRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createRideRequest,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: myRideRequestsQueryKey }),
  });
}
