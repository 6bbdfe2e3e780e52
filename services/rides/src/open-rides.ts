import { fileURLToPath } from 'node:url';
import { userDeleted, userSnapshots, verificationDecided } from '@krom/contracts/events/identity';
import { rideChanged, ridePosted } from '@krom/contracts/events/rides';
import type { Subscription } from '@krom/server-kit/bus';
import { consume } from '@krom/server-kit/consumer';
import { createLogger } from '@krom/server-kit/logger';
import { openServiceResources } from '@krom/server-kit/service-runtime';
import { buildRidesApp } from './app.ts';
import type { RidesConfig } from './config.ts';
import * as schema from './db/schema.ts';
import { handleRideChanged } from './events/handlers/ride-changed.ts';
import { handleRidePosted } from './events/handlers/ride-posted.ts';
import { handleUserDeleted } from './events/handlers/user-deleted.ts';
import { handleUserSnapshot } from './events/handlers/user-snapshot.ts';
import { handleVerificationDecided } from './events/handlers/verification-decided.ts';
import { rebuildUserProfilesIfEmpty } from './events/rebuild-user-profiles.ts';
import { KnownPlaces } from './posting/known-places.ts';

export const migrationsFolder = fileURLToPath(new URL('./db/migrations', import.meta.url));

/** Durable consumer name prefix of this service on the bus. */
const DURABLE = 'rides';

/**
 * Opens the rides service's database, bus, outbox relay and event consumers and builds its app;
 * closing the app releases it all, the consumers first.
 */
export async function openRidesService(config: RidesConfig) {
  const logger = createLogger('rides', config.LOG_LEVEL);
  const resources = await openServiceResources({ service: 'rides', config, schema, migrationsFolder, logger });
  const subscriptions: Subscription[] = [];
  const close = async () => {
    for (const subscription of subscriptions) await subscription.stop();
    await resources.close();
  };
  try {
    subscriptions.push(await consume(resources.bus, DURABLE, userDeleted, handleUserDeleted(resources.db, logger)));
    subscriptions.push(await consume(resources.bus, DURABLE, userSnapshots, handleUserSnapshot(resources.db, logger)));
    subscriptions.push(await consume(resources.bus, DURABLE, verificationDecided, handleVerificationDecided(resources.db, logger)));
    // Its own event: a posted ride is matched against the open ride requests apart from the posting.
    subscriptions.push(await consume(resources.bus, DURABLE, ridePosted, handleRidePosted(resources.db, logger)));
    // And again when it changes: a ride changed to suit a request tells its passenger once.
    subscriptions.push(await consume(resources.bus, DURABLE, rideChanged, handleRideChanged(resources.db, logger)));
    // A new database learns every user at once, not only those whose snapshots the event stream still holds.
    await rebuildUserProfilesIfEmpty(resources.db, resources.bus, logger);
    const app = await buildRidesApp({
      db: resources.db,
      internalSecret: config.INTERNAL_AUTH_SECRET,
      pricing: { fuelCostPerKm: config.FUEL_COST_PER_KM_GHS, minimumCap: config.MIN_PRICE_CAP_GHS, places: await KnownPlaces.load() },
      searchCacheMs: config.SEARCH_CACHE_SECONDS * 1000,
      logLevel: config.LOG_LEVEL,
      checks: resources.checks,
    });
    app.addHook('onClose', close);
    return { app, ...resources };
  } catch (error) {
    await close().catch(() => undefined);
    throw error;
  }
}
