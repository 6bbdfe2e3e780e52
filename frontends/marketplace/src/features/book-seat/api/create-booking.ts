import { createBooking as createBookingEndpoint } from '@krom/contracts/api-routes';
import type { Booking, BookingRequest } from '@krom/contracts/http/bookings';
import { bookingMessages, idempotencyKeyHeader } from '@krom/contracts/http/booking-values';
import { statusOf } from '@krom/ui-kit/api-request.ts';
import { callEndpoint } from '@krom/ui-kit/call-endpoint.ts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRef } from 'react';
import { myBookingsQueryKey } from '../../../lib/api/my-bookings.ts';

/**
 * Books seats (POST /api/bookings) under `key`, the Idempotency-Key of this booking attempt: the
 * server answers a retry with the same key and body as it answered the first time, and books
 * nothing more, so an answer lost on a flaky network can be asked for again safely.
 */
export async function createBooking(input: BookingRequest, key: string): Promise<Booking> {
  return callEndpoint(createBookingEndpoint, { body: input, headers: { [idempotencyKeyHeader]: key } });
}

/**
 * The booking screen's submit. One key per booking attempt: a submission of the same form again
 * (Confirm pressed after a failure, a lost answer) reuses the key of the last one, so it can only
 * ever make one booking; a changed form (other seats, another leg) is another booking and gets a new
 * key (the server refuses one key for two bodies).
 */
export function useCreateBooking() {
  const queryClient = useQueryClient();
  const attempt = useRef<{ body: string; key: string } | null>(null);
  const mutation = useMutation({
    mutationFn: (input: BookingRequest) => {
      const body = JSON.stringify(input);
      if (attempt.current?.body !== body) attempt.current = { body, key: crypto.randomUUID() };
      return createBooking(input, attempt.current.key);
    },
    // A refusal (no seats left, already booked) is the server's final word on that key: the next
    // Confirm is a new attempt, which may succeed once seats come free. Only a failure that may
    // not have reached it (the network, a 5xx) or a key still in progress (409 of its own) keeps it.
    onError: (error) => {
      const status = statusOf(error);
      if (status !== undefined && status >= 400 && status < 500 && !isStillInProgress(error)) attempt.current = null;
    },
    // The ride's seats left change too, wherever the ride is shown.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: myBookingsQueryKey }),
        queryClient.invalidateQueries({ queryKey: ['/api/rides'] }),
      ]),
  });
  return mutation;
}

/** The server's 409 for a key whose first request is still being answered (not a refusal: retry with the same key). */
const isStillInProgress = (error: unknown) => error instanceof Error && error.message.includes(bookingMessages.idempotencyInProgress);
