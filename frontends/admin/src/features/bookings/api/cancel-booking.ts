import { cancelStaffBooking as cancelStaffBookingEndpoint } from '@krom/contracts/api-routes';
import type { StaffBookingDetail } from '@krom/contracts/http/staff-bookings';
import { callEndpoint } from '@krom/ui-kit/call-endpoint.ts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { getBookingQueryOptions } from './get-booking.ts';
import { bookingListQueryKey } from './list-bookings.ts';

/** Cancels a live booking with the reason staff give; 409 when it can no longer be cancelled. */
export async function cancelBooking(id: string, reason: string): Promise<StaffBookingDetail> {
  return callEndpoint(cancelStaffBookingEndpoint, { params: { id }, body: { reason } });
}

export function useCancelBooking(id: string) {
  const queryClient = useQueryClient();
  const { queryKey } = getBookingQueryOptions(id);
  return useMutation({
    mutationFn: (reason: string) => cancelBooking(id, reason),
    onSuccess: (booking) => {
      queryClient.setQueryData(queryKey, booking);
      return queryClient.invalidateQueries({ queryKey: bookingListQueryKey });
    },
    // Most often the booking moved meanwhile (409): read it again so the page shows where it is.
    onError: () => queryClient.invalidateQueries({ queryKey }),
  });
}
