import { fileURLToPath } from 'node:url';
import { createLogger } from '@krom/server-kit/logger';
import { chooseObjectStore } from '@krom/server-kit/object-store/config';
import { openServiceResources } from '@krom/server-kit/service-runtime';
import { startSignInThrottlePrune } from '@krom/server-kit/sign-in-throttle';
import { messageReported } from '@krom/contracts/events/messages';
import { staffActionEvents } from '@krom/contracts/events/staff-actions';
import { consume } from '@krom/server-kit/consumer';
import type { Subscription } from '@krom/server-kit/bus';
import { bootstrapFirstAdmin } from './admins/admin-accounts.ts';
import { recordStaffAction } from './audit/staff-audit.ts';
import { recordMessageReport } from './member-reports/report-member.ts';
import { buildAdminApp } from './app.ts';
import type { AdminConfig } from './config.ts';
import * as schema from './db/schema.ts';
import { startStaleTicketSweep } from './support/staff-tickets.ts';

export const migrationsFolder = fileURLToPath(new URL('./db/migrations', import.meta.url));

/** Opens everything the admin service runs on and builds its app; closing the app releases it all. */
export async function openAdminService(config: AdminConfig) {
  const logger = createLogger('admin', config.LOG_LEVEL);
  const resources = await openServiceResources({ service: 'admin', config, schema, migrationsFolder, logger });
  const created = await bootstrapFirstAdmin(resources.db, config.ADMIN_BOOTSTRAP_USERNAME, config.ADMIN_BOOTSTRAP_PASSWORD);
  if (created) logger.info({ username: created.username }, 'created the first admin from ADMIN_BOOTSTRAP_USERNAME');
  const store = chooseObjectStore(config);
  const app = await buildAdminApp({
    db: resources.db,
    store,
    internalSecret: config.INTERNAL_AUTH_SECRET,
    logLevel: config.LOG_LEVEL,
    checks: { ...resources.checks, objectStore: () => store.check() },
  });
  // Staff sign-in names not tried for two days are forgotten, as identity's users' are.
  const throttlePrune = startSignInThrottlePrune(resources.db, logger, 60 * 60 * 1000);
  // Tickets left waiting on their member for 10 days close themselves (checked hourly).
  const ticketSweep = startStaleTicketSweep(resources.db, logger, 60 * 60 * 1000);
  // Every service's staff actions, kept in the audit log once each.
  const subscriptions: Subscription[] = [];
  for (const event of Object.values(staffActionEvents)) subscriptions.push(await consume(resources.bus, 'admin', event, recordStaffAction(resources.db)));
  // Messages members report in their conversations (rides), each a case in the staff queue.
  subscriptions.push(await consume(resources.bus, 'admin', messageReported, recordMessageReport(resources.db)));
  app.addHook('onClose', async () => {
    throttlePrune.stop();
    ticketSweep.stop();
    for (const subscription of subscriptions) await subscription.stop();
    return resources.close();
  });
  return { app, store, ...resources };
}
