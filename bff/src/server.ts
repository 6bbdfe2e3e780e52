import { serveUntilSignalled } from '@krom/server-kit/http-app';
import { initTelemetry } from '@krom/server-kit/telemetry';
import { Redis } from 'ioredis';
import { buildBffApp } from './app.ts';
import { readBffConfig } from './config.ts';

const config = readBffConfig();
initTelemetry('bff', config.OTEL_EXPORTER_OTLP_ENDPOINT);
const redis = new Redis(config.REDIS_URL, { lazyConnect: false });
const app = await buildBffApp(config, redis);
app.addHook('onClose', async () => {
  await redis.quit();
});
await serveUntilSignalled(app, config.PORT, config.HOST);
