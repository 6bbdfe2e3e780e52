import { initTelemetry, shutdownTelemetry } from '@krom/server-kit/telemetry';
import { readIdentityConfig } from './config.ts';

const config = readIdentityConfig();
// Tracing first: its instrumentations patch pg and ioredis as they load, so the service is imported after.
await initTelemetry('identity', config.OTEL_EXPORTER_OTLP_ENDPOINT);
const { openIdentityService } = await import('./open-identity.ts');
const { serveUntilSignalled } = await import('@krom/server-kit/http-app');
const { app } = await openIdentityService(config);
// Sends the spans still batched before the process exits.
app.addHook('onClose', shutdownTelemetry);
await serveUntilSignalled(app, config.PORT, config.HOST);
