import { updateRide as updateRideEndpoint } from '@krom/contracts/api-routes';
import type { DriverRide, UpdateRideInput } from '@krom/contracts/http/rides';
import { callEndpoint } from '@krom/ui-kit/call-endpoint.ts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { refreshDriverRides } from '../../../lib/api/refresh-driver-rides.ts';

/** New date, time, seats, price or description for the driver's own future ride nobody has booked. */
export async function updateRide({ id, changes }: { id: string; changes: UpdateRideInput }): Promise<DriverRide> {
  return callEndpoint(updateRideEndpoint, { params: { id }, body: changes });
}

export function useUpdateRide() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateRide,
    // Not awaited: the driver goes back to their list at once, which reads the rides again.
    onSuccess: () => void refreshDriverRides(queryClient),
  });
}
