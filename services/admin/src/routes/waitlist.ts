import { joinWaitlistRoute, listWaitlistRoute } from '@krom/contracts/services/admin/waitlist';
import { routeEndpoint } from '@krom/server-kit/endpoint-route';
import type { FastifyInstance } from 'fastify';
import type { AdminDb } from '../db/admin-db.ts';
import { joinWaitlist } from '../waitlist/join-waitlist.ts';
import { listWaitlist } from '../waitlist/list-waitlist.ts';

export async function waitlistRoutes(app: FastifyInstance, { db }: { db: AdminDb }) {
  routeEndpoint(app, joinWaitlistRoute, {
    handler: async (request, reply) => {
      const result = await joinWaitlist(db, request.body);
      return reply.status(result.alreadyJoined ? 200 : 201).send(result);
    },
  });

  routeEndpoint(app, listWaitlistRoute, { handler: async () => listWaitlist(db) });
}
