import { identityServiceRoutes, recoveryLookupRequestSchema } from '@krom/contracts/http/auth';
import { parseWith } from '@krom/server-kit/validate';
import type { FastifyInstance } from 'fastify';
import { lookUpAccount } from '../accounts/recovery-lookup.ts';
import type { IdentityDb } from '../db/identity-db.ts';
import { requirePublicCaller } from './callers.ts';

/** Password recovery's look-up; the code itself is the notifications service's business. */
export async function recoveryRoutes(app: FastifyInstance, { db }: { db: IdentityDb }) {
  app.post(identityServiceRoutes.recoveryLookup, async (request) => {
    requirePublicCaller(request);
    return lookUpAccount(db, parseWith(recoveryLookupRequestSchema, request.body));
  });
}
