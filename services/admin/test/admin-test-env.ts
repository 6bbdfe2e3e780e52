import type { Caller } from '@krom/server-kit/internal-auth';
import { ASSERTION_HEADER, signAssertion } from '@krom/server-kit/internal-auth';
import { isolatedTestEnv } from '@krom/server-kit/testing';
import { readAdminConfig } from '../src/config.ts';

/** A fresh, isolated admin-service configuration on the real PostgreSQL and NATS. */
export function adminTestConfig(overrides: Record<string, string> = {}) {
  const env = isolatedTestEnv('admin');
  const config = readAdminConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    PORT: '0',
    DATABASE_URL: env.databaseUrl,
    NATS_URL: env.natsUrl,
    BUS_PREFIX: env.busPrefix,
    INTERNAL_AUTH_SECRET: env.internalSecret,
    ...overrides,
  });
  const as = async (caller: Caller) => ({
    [ASSERTION_HEADER]: await signAssertion(config.INTERNAL_AUTH_SECRET, caller, 'admin'),
  });
  return { env, config, as };
}
