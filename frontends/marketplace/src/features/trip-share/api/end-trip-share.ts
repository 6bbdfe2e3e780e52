import { endTripShare } from '@krom/contracts/api-routes';
import { callEndpoint } from '@krom/ui-kit/call-endpoint.ts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { tripShareQueryKey } from './get-trip-share.ts';

/** Ends the link (Stop sharing, I've arrived): it shows nothing more. */
export function useEndTripShare(bookingId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => callEndpoint(endTripShare, { params: { id: bookingId } }),
    onSuccess: () => queryClient.setQueryData(tripShareQueryKey(bookingId), null),
  });
}
