import type { IsolatedTestEnv } from '@krom/server-kit/testing';
import { readBffConfig } from '../src/config.ts';

export const ORIGIN = 'http://localhost:8080';

/**
 * An address nothing answers on: a call to it fails at once, as to a service that is down. Port 9
 * is below the ports handed out to listen(0), so no test's own server ever gets it.
 */
export const NOT_RUNNING = 'http://127.0.0.1:9';

/**
 * Every address the BFF calls out to, pointing at nothing. Left at their defaults, they would reach
 * whatever listens on this machine's default ports: a running `npm start`'s services, or Google.
 */
export const nothingStarted = {
  ADMIN_URL: NOT_RUNNING,
  IDENTITY_URL: NOT_RUNNING,
  RIDES_URL: NOT_RUNNING,
  NOTIFICATIONS_URL: NOT_RUNNING,
  PAYMENTS_URL: NOT_RUNNING,
  GOOGLE_MAPS_API_URL: NOT_RUNNING,
};

/**
 * The BFF's configuration for a test: quiet, the isolated Redis prefix and secret, every service
 * down unless `overrides` names where the test started it. An override of `undefined` leaves a
 * setting unset (`NATS_URL`: no current-user copies).
 */
export function bffTestConfig(env: IsolatedTestEnv, overrides: Record<string, string | undefined> = {}) {
  return readBffConfig({
    LOG_LEVEL: 'silent',
    PORT: '0',
    INTERNAL_AUTH_SECRET: env.internalSecret,
    SESSION_SECRET: `session-secret-${env.tag}-0123456789abcdef`,
    REDIS_URL: env.redisUrl,
    REDIS_PREFIX: env.redisPrefix,
    // Identity's account events reach the current-user cache, as in a real run.
    NATS_URL: env.natsUrl,
    BUS_PREFIX: env.busPrefix,
    ...nothingStarted,
    PUBLIC_ORIGIN: ORIGIN,
    // Guests' searches are not kept between tests' calls (a test sees each change at once); the
    // keeping has tests of its own (rides.test.ts).
    GUEST_SEARCH_CACHE_SECONDS: '0',
    // Tests act many times as one member; rides.test.ts and ride-requests.test.ts check the limits with low ones.
    RATE_LIMIT_RIDE_POSTS_PER_DAY: '100000',
    RATE_LIMIT_RIDE_REQUESTS_PER_DAY: '100000',
    RATE_LIMIT_VEHICLES_PER_DAY: '100000',
    RATE_LIMIT_MEMBER_WRITES_PER_HOUR: '100000',
    ...overrides,
  });
}
