import { initTelemetry, shutdownTelemetry } from '@krom/server-kit/telemetry';
import { readAdminConfig } from './config.ts';

const config = readAdminConfig();
// Tracing first: its instrumentations patch pg and ioredis as they load, so the service is imported after.
await initTelemetry('admin', config.OTEL_EXPORTER_OTLP_ENDPOINT);
const { openAdminService } = await import('./open-admin.ts');
const { serveUntilSignalled } = await import('@krom/server-kit/http-app');
const { app } = await openAdminService(config);
// Sends the spans still batched before the process exits.
app.addHook('onClose', shutdownTelemetry);
await serveUntilSignalled(app, config.PORT, config.HOST);
