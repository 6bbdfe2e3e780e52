import { cancelBooking as cancelBookingEndpoint } from '@krom/contracts/api-routes';
import type { Booking } from '@krom/contracts/http/bookings';
import { callEndpoint } from '@krom/ui-kit/call-endpoint.ts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { myBookingsQueryKey } from '../../../lib/api/my-bookings.ts';

/** The passenger cancels their booking or request; the server applies the cancellation policy (409 once it can no longer be cancelled). */
export async function cancelBooking(id: string): Promise<Booking> {
  return callEndpoint(cancelBookingEndpoint, { params: { id } });
}

export function useCancelBooking() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelBooking,
    // A refused cancel refreshes too: the booking changed meanwhile (declined, boarded), and the list should say so.
    onSettled: () => queryClient.invalidateQueries({ queryKey: myBookingsQueryKey }),
  });
}
