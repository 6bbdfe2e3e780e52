import { fileURLToPath } from 'node:url';
import { createLogger } from '@krom/server-kit/logger';
import { openServiceResources } from '@krom/server-kit/service-runtime';
import { buildPaymentsApp } from './app.ts';
import type { PaymentsConfig } from './config.ts';
import * as schema from './db/schema.ts';

export const migrationsFolder = fileURLToPath(new URL('./db/migrations', import.meta.url));

/** Opens everything the payments service runs on and builds its app; closing the app releases it all. */
export async function openPaymentsService(config: PaymentsConfig) {
  const logger = createLogger('payments', config.LOG_LEVEL);
  const resources = await openServiceResources({ service: 'payments', config, schema, migrationsFolder, logger });
  const app = await buildPaymentsApp({
    db: resources.db,
    internalSecret: config.INTERNAL_AUTH_SECRET,
    logLevel: config.LOG_LEVEL,
    checks: resources.checks,
  });
  app.addHook('onClose', () => resources.close());
  return { app, ...resources };
}
