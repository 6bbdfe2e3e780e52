import { getMyConversations } from '@krom/contracts/api-routes';
import type { ConversationSummary } from '@krom/contracts/http/messages';
import { callEndpoint } from '@krom/ui-kit/call-endpoint.ts';
import { messagesQueryRoot } from '@krom/ui-kit/signed-in-frame-messages.ts';
import { queryOptions, useQuery } from '@tanstack/react-query';

/** The signed-in member's conversations, the most recently written first. */
export const getConversationsQueryOptions = () =>
  queryOptions({
    queryKey: [...messagesQueryRoot, 'list'] as const,
    queryFn: async ({ signal }): Promise<ConversationSummary[]> => (await callEndpoint(getMyConversations, { signal })).conversations,
  });

export function useConversations() {
  return useQuery(getConversationsQueryOptions());
}
