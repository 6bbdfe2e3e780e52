import { replyInConversation } from '@krom/contracts/api-routes';
import type { Message } from '@krom/contracts/http/messages';
import { callEndpoint } from '@krom/ui-kit/call-endpoint.ts';
import { messagesQueryRoot } from '@krom/ui-kit/signed-in-frame-messages.ts';
import { useMutation, useQueryClient } from '@tanstack/react-query';

/** Writes in a conversation; the thread and the list are read again to show it (masked or not, as stored). */
export function useSendMessage(conversationId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: string): Promise<Message> => callEndpoint(replyInConversation, { params: { id: conversationId }, body: { body } }),
    onSuccess: () => client.invalidateQueries({ queryKey: messagesQueryRoot }),
  });
}
