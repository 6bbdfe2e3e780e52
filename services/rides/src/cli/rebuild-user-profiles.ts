import { createLogger } from '@krom/server-kit/logger';
import { openServiceResources } from '@krom/server-kit/service-runtime';
import { readRidesConfig } from '../config.ts';
import * as schema from '../db/schema.ts';
import { rebuildUserProfiles } from '../events/rebuild-user-profiles.ts';
import { migrationsFolder } from '../open-rides.ts';

/**
 * Brings `user_profiles` to every user's newest snapshot, with the service's own settings
 * (DATABASE_URL, NATS_URL, BUS_PREFIX). Usage: npm run rebuild-user-profiles -w @krom/rides-service
 * To start from nothing, empty the table first (TRUNCATE user_profiles); running it on a full
 * table is safe too, since an older snapshot never replaces a newer row.
 */
const config = readRidesConfig();
const logger = createLogger('rides', config.LOG_LEVEL);
const resources = await openServiceResources({ service: 'rides-rebuild', config, schema, migrationsFolder, logger, poolSize: 2 });
try {
  const { applied, skipped } = await rebuildUserProfiles(resources.db, resources.bus, logger);
  console.log(`Applied ${applied} user snapshots${skipped > 0 ? `, skipped ${skipped} unreadable ones` : ''}.`);
} catch (error) {
  console.error(error);
  process.exitCode = 1;
} finally {
  await resources.close();
}
