import {
  conversationRoute,
  markConversationReadRoute,
  messageDriverRoute,
  myConversationsRoute,
  replyInConversationRoute,
  reportMessageRoute,
  unreadMessagesCountRoute,
} from '@krom/contracts/services/rides/messages';
import { routeEndpoint } from '@krom/server-kit/endpoint-route';
import { requireUser } from '@krom/server-kit/internal-auth';
import type { FastifyInstance } from 'fastify';
import type { RidesDb } from '../db/rides-db.ts';
import {
  conversationOf,
  markConversationRead,
  messageDriver,
  myConversations,
  replyInConversation,
  reportMessage,
  unreadMessagesCount,
} from '../messages/messages.ts';

/** Messages: the asserted user in their own conversations only. */
export async function messageRoutes(app: FastifyInstance, { db, clock }: { db: RidesDb; clock: () => Date }) {
  routeEndpoint(app, myConversationsRoute, { handler: async (request) => ({ conversations: await myConversations(db, requireUser(request)) }) });
  routeEndpoint(app, unreadMessagesCountRoute, { handler: async (request) => ({ count: await unreadMessagesCount(db, requireUser(request)) }) });
  routeEndpoint(app, conversationRoute, { handler: async (request) => conversationOf(db, requireUser(request), request.params.id, clock()) });
  routeEndpoint(app, messageDriverRoute, {
    handler: async (request, reply) => reply.status(201).send(await messageDriver(db, requireUser(request), request.params.id, request.body.body, clock())),
  });
  routeEndpoint(app, replyInConversationRoute, {
    handler: async (request, reply) => reply.status(201).send(await replyInConversation(db, requireUser(request), request.params.id, request.body.body, clock())),
  });
  routeEndpoint(app, markConversationReadRoute, {
    handler: async (request) => {
      await markConversationRead(db, requireUser(request), request.params.id, clock());
      return { ok: true as const };
    },
  });
  routeEndpoint(app, reportMessageRoute, {
    handler: async (request, reply) => {
      const { created, message } = await reportMessage(db, requireUser(request), request.params.id, request.body, clock());
      return reply.status(created ? 201 : 200).send({ message });
    },
  });
}
