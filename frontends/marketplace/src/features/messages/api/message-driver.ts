import { messageDriver as messageDriverEndpoint } from '@krom/contracts/api-routes';
import type { Message } from '@krom/contracts/http/messages';
import { callEndpoint } from '@krom/ui-kit/call-endpoint.ts';
import { messagesQueryRoot } from '@krom/ui-kit/signed-in-frame-messages.ts';
import { useMutation, useQueryClient } from '@tanstack/react-query';

/** A passenger's first message to a ride's driver, which opens their conversation about it. */
export function useMessageDriver(rideId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: string): Promise<Message> => callEndpoint(messageDriverEndpoint, { params: { id: rideId }, body: { body } }),
    onSuccess: () => client.invalidateQueries({ queryKey: messagesQueryRoot }),
  });
}
