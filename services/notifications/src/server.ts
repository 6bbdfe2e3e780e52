import { initTelemetry, shutdownTelemetry } from '@krom/server-kit/telemetry';
import { readNotificationsConfig } from './config.ts';

const config = readNotificationsConfig();
// Tracing first: its instrumentations patch pg and ioredis as they load, so the service is imported after.
await initTelemetry('notifications', config.OTEL_EXPORTER_OTLP_ENDPOINT);
const { openNotificationsService } = await import('./open-notifications.ts');
const { serveUntilSignalled } = await import('@krom/server-kit/http-app');
const { app } = await openNotificationsService(config);
// Sends the spans still batched before the process exits.
app.addHook('onClose', shutdownTelemetry);
await serveUntilSignalled(app, config.PORT, config.HOST);
