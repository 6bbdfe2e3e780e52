import { recoveryLookupRoute } from '@krom/contracts/services/identity/recovery';
import { routeEndpoint } from '@krom/server-kit/endpoint-route';
import type { FastifyInstance } from 'fastify';
import { lookUpAccount } from '../accounts/recovery-lookup.ts';
import type { IdentityDb } from '../db/identity-db.ts';

/** Password recovery's look-up; the code itself is the notifications service's business. */
export async function recoveryRoutes(app: FastifyInstance, { db }: { db: IdentityDb }) {
  routeEndpoint(app, recoveryLookupRoute, { handler: async (request) => lookUpAccount(db, request.body) });
}
