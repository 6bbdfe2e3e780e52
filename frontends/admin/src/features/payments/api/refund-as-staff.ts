import { refundAsStaff as refundAsStaffEndpoint } from '@krom/contracts/api-routes';
import type { StaffRefund, StaffRefundRequest } from '@krom/contracts/http/staff-payments';
import { callEndpoint } from '@krom/ui-kit/call-endpoint.ts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { getBookingLedgerQueryOptions } from './get-booking-ledger.ts';

/** Gives back money of the booking's payment with staff's reason; 409 when nothing (or not that much) is still held. */
export async function refundAsStaff(bookingId: string, request: StaffRefundRequest): Promise<StaffRefund> {
  return callEndpoint(refundAsStaffEndpoint, { params: { id: bookingId }, body: request });
}

export function useRefundAsStaff(bookingId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: StaffRefundRequest) => refundAsStaff(bookingId, request),
    // The ledger shows the refund and its entry; read it again either way (a 409 may mean it moved).
    onSettled: () => queryClient.invalidateQueries({ queryKey: getBookingLedgerQueryOptions(bookingId).queryKey }),
  });
}
