import { Redis } from 'ioredis';
import { buildBffApp } from '../app.ts';
import { readBffConfig } from '../config.ts';

/**
 * `npm run openapi -w @krom/bff`: prints the OpenAPI document of /api as the BFF publishes it, for
 * linting (`npm run lint:openapi`) without starting anything. The document depends only on the
 * contracts and the public origin; the secrets here sign nothing, and Redis is never reached.
 */
const config = readBffConfig({
  LOG_LEVEL: 'silent',
  INTERNAL_AUTH_SECRET: 'openapi-document-only-0123456789abcdef',
  SESSION_SECRET: 'openapi-document-only-0123456789abcdef',
  ...process.env,
  NATS_URL: undefined,
});
const redis = new Redis(config.REDIS_URL, { lazyConnect: true });
const app = await buildBffApp(config, redis);
const response = await app.inject({ method: 'GET', url: '/api/openapi.json' });
await app.close();
redis.disconnect();
if (response.statusCode !== 200) throw new Error(`the document answered ${response.statusCode}`);
process.stdout.write(`${JSON.stringify(response.json(), null, 2)}\n`);
