import { getBooking as getBookingEndpoint, getBookingPayment as getBookingPaymentEndpoint, submitBookingVoucherCode as submitVoucherEndpoint } from '@krom/contracts/api-routes';
import type { BookingPayment } from '@krom/contracts/http/booking-payments';
import type { Booking } from '@krom/contracts/http/bookings';
import { statusOf } from '@krom/ui-kit/api-request.ts';
import { callEndpoint } from '@krom/ui-kit/call-endpoint.ts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { myBookingsQueryKey } from '../../../lib/api/my-bookings.ts';

/** How often the waiting screen asks again while the prompt is out: often enough to feel live, few enough for 3G. */
export const paymentPollMs = 3000;

/** The passenger's booking (GET /api/bookings/{id}). */
export const getHeldBooking = (id: string, signal?: AbortSignal): Promise<Booking> => callEndpoint(getBookingEndpoint, { params: { id }, signal });
/** Where the booking's mobile money payment stands (GET /api/bookings/{id}/payment; 404 until payments has made it). */
export const getBookingPayment = (id: string, signal?: AbortSignal): Promise<BookingPayment> => callEndpoint(getBookingPaymentEndpoint, { params: { id }, signal });
/** Telecel's voucher code for the booking's payment (POST /api/bookings/{id}/payment/otp). */
export const submitVoucherCode = (id: string, otp: string): Promise<BookingPayment> => callEndpoint(submitVoucherEndpoint, { params: { id }, body: { otp } });

const bookingKey = (id: string) => [getBookingEndpoint.path, id] as const;
const paymentKey = (id: string) => [getBookingPaymentEndpoint.path, id] as const;

/** The passenger's booking, read again while its seats are held for the payment (until confirmed or released). */
export function useHeldBooking(id: string) {
  return useQuery({
    queryKey: bookingKey(id),
    queryFn: ({ signal }) => getHeldBooking(id, signal),
    refetchInterval: (query) => (query.state.data?.status === 'awaiting_payment' || query.state.data?.status === 'accepted' ? paymentPollMs : false),
    retry: false,
  });
}

/**
 * The booking's payment, read again until it is settled. A 404 is "not made yet" (rides' fact is
 * on its way to payments) and is read again too; `enabled` stops it once the booking is no longer waiting.
 */
export function useBookingPayment(id: string, enabled = true) {
  return useQuery({
    queryKey: paymentKey(id),
    queryFn: ({ signal }) => getBookingPayment(id, signal),
    enabled,
    refetchInterval: (query) => {
      if (!enabled) return false;
      const status = query.state.data?.status;
      if (status === 'succeeded' || status === 'failed') return false;
      if (query.state.error && statusOf(query.state.error) !== 404) return false;
      return paymentPollMs;
    },
    retry: false,
  });
}

/** Telecel's voucher code for the booking's payment; its answer is the payment as it now stands. */
export function useSubmitVoucher(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (otp: string) => submitVoucherCode(id, otp),
    onSuccess: async (payment) => {
      queryClient.setQueryData(paymentKey(id), payment);
      await queryClient.invalidateQueries({ queryKey: myBookingsQueryKey });
    },
  });
}
