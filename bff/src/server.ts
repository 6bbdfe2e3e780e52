import { initTelemetry, shutdownTelemetry } from '@krom/server-kit/telemetry';
import { readBffConfig } from './config.ts';

const config = readBffConfig();
// Tracing first: its instrumentations patch ioredis as it loads, so the app is imported after.
await initTelemetry('bff', config.OTEL_EXPORTER_OTLP_ENDPOINT);
const { Redis } = await import('ioredis');
const { buildBffApp } = await import('./app.ts');
const { serveUntilSignalled } = await import('@krom/server-kit/http-app');
// Session reads from requests handled in the same turn of the event loop go out as one write and
// come back as one read: on a busy BFF that is most of the cost of the Redis round trip.
const redis = new Redis(config.REDIS_URL, { lazyConnect: false, enableAutoPipelining: true });
const app = await buildBffApp(config, redis);
app.addHook('onClose', async () => {
  await redis.quit();
  await shutdownTelemetry();
});
await serveUntilSignalled(app, config.PORT, config.HOST);
