import {
  getConversation,
  getMyConversations,
  getUnreadMessagesCount,
  markConversationRead,
  messageDriver,
  replyInConversation,
  reportMessage,
} from '@krom/contracts/api/messages';
import {
  conversationRoute,
  markConversationReadRoute,
  messageDriverRoute,
  myConversationsRoute,
  replyInConversationRoute,
  reportMessageRoute,
  unreadMessagesCountRoute,
} from '@krom/contracts/services/rides/messages';
import type { FastifyInstance } from 'fastify';
import { forward } from '../plugins/service-calls.ts';
import { requireUserCaller } from '../plugins/sessions.ts';
import type { RouteOptions } from './route-options.ts';

/**
 * Messages between a ride's driver and a passenger (/messages), kept by rides, as the signed-in
 * member. Each write is under the member's limit.
 */
export async function messageRoutes(app: FastifyInstance, { directory, memberLimits }: RouteOptions) {
  const asUser = { caller: requireUserCaller, service: 'rides' } as const;
  const writes = { rateLimit: memberLimits.writes };
  await forward(app, directory, { ...asUser, endpoint: getMyConversations, to: myConversationsRoute });
  await forward(app, directory, { ...asUser, endpoint: getUnreadMessagesCount, to: unreadMessagesCountRoute });
  await forward(app, directory, { ...asUser, endpoint: getConversation, to: conversationRoute });
  await forward(app, directory, { ...asUser, ...writes, endpoint: messageDriver, to: messageDriverRoute });
  await forward(app, directory, { ...asUser, ...writes, endpoint: replyInConversation, to: replyInConversationRoute });
  await forward(app, directory, { ...asUser, endpoint: markConversationRead, to: markConversationReadRoute });
  await forward(app, directory, { ...asUser, ...writes, endpoint: reportMessage, to: reportMessageRoute });
}
