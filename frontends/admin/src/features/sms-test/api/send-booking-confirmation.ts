import { sendBookingConfirmation as sendBookingConfirmationEndpoint } from '@krom/contracts/api-routes';
import type { BookingDetails } from '@krom/contracts/http/staff-messages';
import { callEndpoint } from '@krom/ui-kit/call-endpoint.ts';
import { useMutation } from '@tanstack/react-query';

/** Step 3: texts a booking confirmation with these details; answers the message to show. */
export async function sendBookingConfirmation(request: { phoneNumber: string; bookingDetails: BookingDetails }): Promise<{ message: string }> {
  return callEndpoint(sendBookingConfirmationEndpoint, { body: request });
}

export function useSendBookingConfirmation() {
  return useMutation({ mutationFn: sendBookingConfirmation });
}
