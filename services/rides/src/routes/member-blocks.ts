import { blockMemberRoute, myBlocksRoute, unblockMemberRoute } from '@krom/contracts/services/rides/member-blocks';
import { routeEndpoint } from '@krom/server-kit/endpoint-route';
import { requireUser } from '@krom/server-kit/internal-auth';
import type { FastifyInstance } from 'fastify';
import { blockMember, blocksOf, unblockMember } from '../blocks/member-blocks.ts';
import type { RidesDb } from '../db/rides-db.ts';

/** Block routes: the asserted user on their own blocks. */
export async function memberBlockRoutes(app: FastifyInstance, { db }: { db: RidesDb }) {
  routeEndpoint(app, blockMemberRoute, {
    handler: async (request, reply) => {
      const { created, block } = await blockMember(db, requireUser(request), request.body.memberId);
      return reply.status(created ? 201 : 200).send(block);
    },
  });

  routeEndpoint(app, unblockMemberRoute, {
    handler: async (request) => {
      await unblockMember(db, requireUser(request), request.params.id);
      return { ok: true as const };
    },
  });

  routeEndpoint(app, myBlocksRoute, { handler: async (request) => ({ blocks: await blocksOf(db, requireUser(request)) }) });
}
