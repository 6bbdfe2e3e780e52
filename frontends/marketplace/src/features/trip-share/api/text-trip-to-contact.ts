import { textTripToContact } from '@krom/contracts/api-routes';
import { callEndpoint } from '@krom/ui-kit/call-endpoint.ts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { tripShareQueryKey } from './get-trip-share.ts';

/** Texts the emergency contact the trip link now (shared first when it is not): who was texted. */
export function useTextTripToContact(bookingId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => callEndpoint(textTripToContact, { params: { id: bookingId } }),
    onSuccess: ({ share }) => queryClient.setQueryData(tripShareQueryKey(bookingId), share),
  });
}
