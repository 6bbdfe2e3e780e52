import { getMyConversations, getUnreadMessagesCount } from '@krom/contracts/api-routes';
import { useQuery } from '@tanstack/react-query';
import { callEndpoint } from './call-endpoint.ts';

/**
 * The first part of every messages query's key (the count, the list, a conversation): invalidating
 * it reads again whichever is on screen, as a new message announced on the notification stream does.
 */
export const messagesQueryRoot = [getMyConversations.path] as const;
export const unreadMessagesQueryKey = [...messagesQueryRoot, 'unread-count'] as const;

/** How many messages from other members the signed-in user has not read. */
export async function getUnreadMessageCount(): Promise<number> {
  return (await callEndpoint(getUnreadMessagesCount)).count;
}

/** The count shown beside Messages in the header and the side menu (0 until known). */
export function useUnreadMessageCount(): number {
  return useQuery({ queryKey: unreadMessagesQueryKey, queryFn: getUnreadMessageCount }).data ?? 0;
}
