import { createHttpApp } from '@krom/server-kit/http-app';
import { internalAuth } from '@krom/server-kit/internal-auth';
import type { Logger } from '@krom/server-kit/logger';
import type { FastifyInstance } from 'fastify';
import type { IdentityDb } from './db/identity-db.ts';
import { accountRoutes } from './routes/accounts.ts';
import { recoveryRoutes } from './routes/recovery.ts';
import { settingsRoutes } from './routes/settings.ts';
import { staffMemberRoutes } from './routes/staff-members.ts';
import { uploadRoutes } from './routes/uploads.ts';
import { verificationRoutes } from './routes/verification.ts';
import type { ObjectStore } from '@krom/server-kit/object-store/port';
import { documentLinks } from './verification/document-links.ts';

export type IdentityAppDeps = {
  db: IdentityDb;
  store: ObjectStore;
  logger: Logger;
  internalSecret: string;
  logLevel?: string;
  checks?: Record<string, () => Promise<void>>;
};

/** The identity service as a Fastify app: internal auth, then accounts, settings, recovery, uploads, staff's member search and verification. */
export async function buildIdentityApp(deps: IdentityAppDeps): Promise<FastifyInstance> {
  const app = createHttpApp({ service: 'identity', logLevel: deps.logLevel ?? 'info', checks: deps.checks });
  await app.register(internalAuth, { secret: deps.internalSecret, audience: 'identity' });
  const domain = { db: deps.db, store: deps.store, logger: deps.logger };
  await app.register(accountRoutes, domain);
  await app.register(settingsRoutes, domain);
  await app.register(recoveryRoutes, domain);
  await app.register(uploadRoutes, domain);
  await app.register(staffMemberRoutes, domain);
  await app.register(verificationRoutes, { ...domain, links: documentLinks(deps.internalSecret) });
  return app;
}
