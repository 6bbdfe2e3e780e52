import { getEmailLog, getSmsLog } from '@krom/contracts/api-routes';
import type { EndpointOf } from '@krom/contracts/endpoint-call';
import type { MessageLog } from '@krom/contracts/http/staff-messages';
import { callEndpoint } from '@krom/ui-kit/call-endpoint.ts';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';

export type MessageChannel = 'sms' | 'email';
const endpoints = { sms: getSmsLog, email: getEmailLog } as const;

/** Entries per page; a shorter page means there is nothing older. */
export const messageLogPageSize = 50;

/** Recent messages of one channel, newest first; `before` (an entry's time) asks for older ones. */
export async function getMessageLog(channel: MessageChannel, before: string | undefined, signal?: AbortSignal): Promise<MessageLog> {
  const limit = String(messageLogPageSize);
  return callEndpoint<EndpointOf<(typeof endpoints)[MessageChannel]>>(endpoints[channel], { query: before ? { before, limit } : { limit }, signal });
}

export function getMessageLogQueryOptions(channel: MessageChannel) {
  return infiniteQueryOptions({
    queryKey: [endpoints[channel].path] as const,
    queryFn: ({ pageParam, signal }) => getMessageLog(channel, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page: MessageLog) =>
      page.entries.length < messageLogPageSize ? undefined : page.entries[page.entries.length - 1]?.createdAt,
    // A log is read to see what just happened: opening it again reads it again.
    staleTime: 0,
  });
}

export function useMessageLog(channel: MessageChannel) {
  return useInfiniteQuery(getMessageLogQueryOptions(channel));
}
