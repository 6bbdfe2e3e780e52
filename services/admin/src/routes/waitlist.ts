import { adminServiceRoutes } from '@krom/contracts/http/admin';
import { joinWaitlistRequestSchema } from '@krom/contracts/http/waitlist';
import { requireAdmin } from '@krom/server-kit/internal-auth';
import { parseWith } from '@krom/server-kit/validate';
import type { FastifyInstance } from 'fastify';
import type { AdminDb } from '../db/admin-db.ts';
import { joinWaitlist } from '../waitlist/join-waitlist.ts';
import { listWaitlist } from '../waitlist/list-waitlist.ts';

export async function waitlistRoutes(app: FastifyInstance, { db }: { db: AdminDb }) {
  app.post(adminServiceRoutes.waitlist, async (request, reply) => {
    const result = await joinWaitlist(db, parseWith(joinWaitlistRequestSchema, request.body));
    return reply.status(result.alreadyJoined ? 200 : 201).send(result);
  });

  app.get(adminServiceRoutes.waitlist, async (request) => {
    requireAdmin(request);
    return listWaitlist(db);
  });
}
