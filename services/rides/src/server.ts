import { initTelemetry, shutdownTelemetry } from '@krom/server-kit/telemetry';
import { readRidesConfig } from './config.ts';

const config = readRidesConfig();
// Tracing first: its instrumentations patch pg and ioredis as they load, so the service is imported after.
await initTelemetry('rides', config.OTEL_EXPORTER_OTLP_ENDPOINT);
const { openRidesService } = await import('./open-rides.ts');
const { serveUntilSignalled } = await import('@krom/server-kit/http-app');
const { app } = await openRidesService(config);
// Sends the spans still batched before the process exits.
app.addHook('onClose', shutdownTelemetry);
await serveUntilSignalled(app, config.PORT, config.HOST);
