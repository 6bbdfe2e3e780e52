import { getBookingContact } from '@krom/contracts/api-routes';
import type { BookingContact } from '@krom/contracts/http/bookings';
import { callEndpoint } from '@krom/ui-kit/call-endpoint.ts';
import { useQuery } from '@tanstack/react-query';

/**
 * The other party's phone number on one of the signed-in member's bookings. A refusal (403: not
 * yet, no longer, not confirmed, not shared; 404: not their booking) says why in its message, and
 * is not retried: asking again gives the same answer.
 */
export function useBookingContact(bookingId: string) {
  return useQuery({
    queryKey: [getBookingContact.path, bookingId] as const,
    queryFn: ({ signal }): Promise<BookingContact> => callEndpoint(getBookingContact, { params: { id: bookingId }, signal }),
    retry: false,
  });
}
