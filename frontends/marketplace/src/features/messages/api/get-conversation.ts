import { getConversation } from '@krom/contracts/api-routes';
import type { Conversation } from '@krom/contracts/http/messages';
import { callEndpoint } from '@krom/ui-kit/call-endpoint.ts';
import { messagesQueryRoot } from '@krom/ui-kit/signed-in-frame-messages.ts';
import { queryOptions, useQuery } from '@tanstack/react-query';

/**
 * One conversation with its messages, oldest first. Under the messages' root key, so a new
 * message announced on the notification stream refreshes it while it is open. A 404 (not the
 * member's) is not retried: asking again gives the same answer.
 */
export const getConversationQueryOptions = (conversationId: string) =>
  queryOptions({
    queryKey: [...messagesQueryRoot, 'conversation', conversationId] as const,
    queryFn: ({ signal }): Promise<Conversation> => callEndpoint(getConversation, { params: { id: conversationId }, signal }),
    retry: false,
  });

export function useConversation(conversationId: string) {
  return useQuery(getConversationQueryOptions(conversationId));
}
