import { fileURLToPath } from 'node:url';
import { userSnapshotStream } from '@krom/contracts/events/identity';
import { ensureLastPerSubjectStream } from '@krom/server-kit/last-per-subject-stream';
import { createLogger } from '@krom/server-kit/logger';
import { startSignInThrottlePrune } from '@krom/server-kit/sign-in-throttle';
import { openServiceResources } from '@krom/server-kit/service-runtime';
import { buildIdentityApp } from './app.ts';
import type { IdentityConfig } from './config.ts';
import * as schema from './db/schema.ts';
import { isCommonPassword } from './passwords/common-passwords.ts';
import { chooseObjectStore } from '@krom/server-kit/object-store/config';
import type { ObjectStore } from '@krom/server-kit/object-store/port';
import { startUnusedUploadPrune } from './uploads/unused-upload-prune.ts';
import { startVerificationPhotoDeletion } from './verification/photo-retention.ts';

const HOUR_MS = 3600_000;

export const migrationsFolder = fileURLToPath(new URL('./db/migrations', import.meta.url));

/** Opens the identity service's database, bus, outbox relay and object store and builds its app. */
export async function openIdentityService(config: IdentityConfig, options: { store?: ObjectStore } = {}) {
  const logger = createLogger('identity', config.LOG_LEVEL);
  const resources = await openServiceResources({ service: 'identity', config, schema, migrationsFolder, logger });
  // The stream that keeps each user's last snapshot (rides rebuilds from it); created here, by the
  // publisher, it sources from the start of the event stream, so it misses nothing still kept there.
  await ensureLastPerSubjectStream(resources.bus, userSnapshotStream).catch(async (error: unknown) => {
    await resources.close();
    throw error;
  });
  const store = options.store ?? chooseObjectStore(config);
  // Built now rather than on the first registration, which would otherwise pay for it.
  isCommonPassword('');
  const app = await buildIdentityApp({
    db: resources.db,
    store,
    logger,
    internalSecret: config.INTERNAL_AUTH_SECRET,
    logLevel: config.LOG_LEVEL,
    checks: { ...resources.checks, objectStore: () => store.check() },
  });
  // Photos uploaded but never used are deleted after a day; forgotten sign-in failures too.
  const prune = startUnusedUploadPrune({ db: resources.db, store, logger }, HOUR_MS);
  const throttlePrune = startSignInThrottlePrune(resources.db, logger, HOUR_MS);
  // Ghana card and licence photos go a set time after staff decided (the decision stays).
  const photoDeletion = startVerificationPhotoDeletion({ db: resources.db, store, logger }, HOUR_MS);
  app.addHook('onClose', () => {
    prune.stop();
    throttlePrune.stop();
    photoDeletion.stop();
    return resources.close();
  });
  logger.info({ objectStore: store.name }, 'identity service opened');
  return { app, store, ...resources };
}
