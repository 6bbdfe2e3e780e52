import { shareTrip } from '@krom/contracts/api-routes';
import type { TripShare } from '@krom/contracts/http/trip-shares';
import { callEndpoint } from '@krom/ui-kit/call-endpoint.ts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { tripShareQueryKey } from './get-trip-share.ts';

/** Shares the trip (the same link while it lasts), with whether the emergency contact is texted it at departure. */
export function useShareTrip(bookingId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (textContactAtDeparture: boolean): Promise<TripShare> =>
      callEndpoint(shareTrip, { params: { id: bookingId }, body: { textContactAtDeparture } }),
    onSuccess: (share) => queryClient.setQueryData(tripShareQueryKey(bookingId), share),
  });
}
