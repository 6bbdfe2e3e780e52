import { createHttpApp } from '@krom/server-kit/http-app';
import { internalAuth } from '@krom/server-kit/internal-auth';
import type { FastifyInstance } from 'fastify';
import type { ObjectStore } from '@krom/server-kit/object-store/port';
import type { AdminDb } from './db/admin-db.ts';
import { attachmentLinks } from './support/tickets.ts';
import { adminUserRoutes } from './routes/admin-users.ts';
import { memberReportRoutes } from './routes/member-reports.ts';
import { staffTicketRoutes } from './routes/staff-tickets.ts';
import { staffAuditRoutes } from './routes/staff-audit.ts';
import { supportTicketRoutes } from './routes/support-tickets.ts';
import { waitlistRoutes } from './routes/waitlist.ts';

export type AdminAppDeps = {
  db: AdminDb;
  /** Where ticket attachments are kept. */
  store: ObjectStore;
  internalSecret: string;
  logLevel?: string;
  checks?: Record<string, () => Promise<void>>;
};

/** The admin service as a Fastify app: external plugins, then routes. Tests call it with inject. */
export async function buildAdminApp(deps: AdminAppDeps): Promise<FastifyInstance> {
  const app = createHttpApp({ service: 'admin', logLevel: deps.logLevel ?? 'info', checks: deps.checks });
  await app.register(internalAuth, { secret: deps.internalSecret, audience: 'admin' });
  await app.register(waitlistRoutes, { db: deps.db });
  await app.register(adminUserRoutes, { db: deps.db });
  await app.register(memberReportRoutes, { db: deps.db });
  const support = { db: deps.db, store: deps.store, links: attachmentLinks(deps.internalSecret) };
  await app.register(supportTicketRoutes, support);
  await app.register(staffTicketRoutes, support);
  await app.register(staffAuditRoutes, { db: deps.db });
  return app;
}
