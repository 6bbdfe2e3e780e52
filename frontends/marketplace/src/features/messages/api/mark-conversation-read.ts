import { markConversationRead } from '@krom/contracts/api-routes';
import { callEndpoint } from '@krom/ui-kit/call-endpoint.ts';
import { messagesQueryRoot } from '@krom/ui-kit/signed-in-frame-messages.ts';
import { useMutation, useQueryClient } from '@tanstack/react-query';

/** Marks a conversation read; the header's count and the list are read again. */
export function useMarkConversationRead() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (conversationId: string) => callEndpoint(markConversationRead, { params: { id: conversationId } }),
    onSuccess: () => client.invalidateQueries({ queryKey: messagesQueryRoot }),
  });
}
