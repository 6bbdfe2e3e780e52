import { staffMemberAccountRoute, staffMemberSearchRoute } from '@krom/contracts/services/identity/staff-members';
import { routeEndpoint } from '@krom/server-kit/endpoint-route';
import type { FastifyInstance } from 'fastify';
import type { IdentityDb } from '../db/identity-db.ts';
import { memberAccount } from '../staff/member-account.ts';
import { searchMembers } from '../staff/member-search.ts';

/** Staff's search of members (the admin area's Members tab) and one member's account (the member page). */
export async function staffMemberRoutes(app: FastifyInstance, { db }: { db: IdentityDb }) {
  routeEndpoint(app, staffMemberSearchRoute, { handler: async (request) => searchMembers(db, request.query.q) });

  routeEndpoint(app, staffMemberAccountRoute, { handler: async (request) => memberAccount(db, request.params.id) });
}
