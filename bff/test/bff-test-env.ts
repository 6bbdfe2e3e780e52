import { dropDatabase } from '@krom/server-kit/db';
import { isolatedTestEnv } from '@krom/server-kit/testing';
import { Redis } from 'ioredis';
import { readAdminConfig } from '../../services/admin/src/config.ts';
import { openAdminService } from '../../services/admin/src/open-admin.ts';
import { buildBffApp } from '../src/app.ts';
import { readBffConfig } from '../src/config.ts';

export const ORIGIN = 'http://localhost:8080';

/**
 * The BFF in-process against a real admin service listening on a port, real PostgreSQL, NATS
 * and Redis, all isolated for this test file.
 */
export async function startBffWithAdmin(overrides: Record<string, string> = {}) {
  const env = isolatedTestEnv('bff');
  const admin = await openAdminService(
    readAdminConfig({
      LOG_LEVEL: 'silent',
      PORT: '0',
      DATABASE_URL: env.databaseUrl,
      NATS_URL: env.natsUrl,
      BUS_PREFIX: env.busPrefix,
      INTERNAL_AUTH_SECRET: env.internalSecret,
      ADMIN_BOOTSTRAP_USERNAME: 'founder',
      ADMIN_BOOTSTRAP_PASSWORD: 'first-admin-pass',
    }),
  );
  const adminUrl = await admin.app.listen({ port: 0, host: '127.0.0.1' });
  const redis = new Redis(env.redisUrl);
  const config = readBffConfig({
    LOG_LEVEL: 'silent',
    PORT: '0',
    INTERNAL_AUTH_SECRET: env.internalSecret,
    SESSION_SECRET: `session-secret-${env.tag}-0123456789abcdef`,
    REDIS_URL: env.redisUrl,
    REDIS_PREFIX: env.redisPrefix,
    ADMIN_URL: adminUrl,
    IDENTITY_URL: 'http://127.0.0.1:9',
    RIDES_URL: 'http://127.0.0.1:9',
    NOTIFICATIONS_URL: 'http://127.0.0.1:9',
    PUBLIC_ORIGIN: ORIGIN,
    ...overrides,
  });
  const bff = await buildBffApp(config, redis);
  return {
    bff,
    admin,
    redis,
    config,
    async close() {
      await bff.close();
      await admin.bus.jsm.streams.delete(admin.bus.streamName);
      await admin.app.close();
      const keys = await redis.keys(`${env.redisPrefix}*`);
      if (keys.length > 0) await redis.del(...keys);
      await redis.quit();
      await dropDatabase(env.databaseUrl);
    },
  };
}

/** The session cookie from a response, ready to send back as a browser would. */
export function sessionCookie(response: { cookies: { name: string; value: string }[] }): Record<string, string> {
  const cookie = response.cookies.find((c) => c.name.endsWith('krom_session'));
  if (!cookie) throw new Error('no session cookie set');
  return { [cookie.name]: cookie.value };
}
