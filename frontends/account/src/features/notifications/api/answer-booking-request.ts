import { acceptBooking, declineBooking } from '@krom/contracts/api-routes';
import type { RideBooking } from '@krom/contracts/http/bookings';
import { callEndpoint } from '@krom/ui-kit/call-endpoint.ts';
import { useMutation } from '@tanstack/react-query';

export type BookingAnswer = 'accept' | 'decline';

/** The driver's answer to a booking request on their ride: the booking as it now is. */
export async function answerBookingRequest({ bookingId, answer }: { bookingId: string; answer: BookingAnswer }): Promise<RideBooking> {
  const params = { id: bookingId };
  return answer === 'accept' ? callEndpoint(acceptBooking, { params }) : callEndpoint(declineBooking, { params });
}

export function useAnswerBookingRequest() {
  return useMutation({ mutationFn: answerBookingRequest });
}
