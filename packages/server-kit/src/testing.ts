import { randomBytes } from 'node:crypto';

/**
 * Isolation for integration tests: each test file gets its own database, its own bus prefix
 * (stream and subjects) and its own Redis key prefix, on the real servers.
 */
export function isolatedTestEnv(service: string) {
  const tag = `t${Date.now().toString(36)}${randomBytes(3).toString('hex')}`;
  const pgBase = process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const url = new URL(pgBase);
  url.pathname = `/krom_${service}_${tag}`;
  return {
    tag,
    databaseUrl: url.toString(),
    busPrefix: tag,
    redisPrefix: `${tag}:`,
    natsUrl: process.env.NATS_URL ?? 'nats://127.0.0.1:4222',
    redisUrl: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
    internalSecret: `test-internal-secret-${tag}-0123456789abcdef`,
  };
}

/** Polls until `probe` returns a value other than undefined, or fails after `timeoutMs`. */
export async function eventually<T>(probe: () => Promise<T | undefined>, timeoutMs = 10_000, stepMs = 50): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let lastError: unknown;
  while (Date.now() < deadline) {
    try {
      const value = await probe();
      if (value !== undefined) return value;
    } catch (error) {
      lastError = error;
    }
    await new Promise((resolve) => setTimeout(resolve, stepMs));
  }
  throw new Error(`condition not met within ${timeoutMs} ms${lastError ? `: ${String(lastError)}` : ''}`);
}
