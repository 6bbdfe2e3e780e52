import { initTelemetry, shutdownTelemetry } from '@krom/server-kit/telemetry';
import { readPaymentsConfig } from './config.ts';

const config = readPaymentsConfig();
// Tracing first: its instrumentations patch pg as it loads, so the service is imported after.
await initTelemetry('payments', config.OTEL_EXPORTER_OTLP_ENDPOINT);
const { openPaymentsService } = await import('./open-payments.ts');
const { serveUntilSignalled } = await import('@krom/server-kit/http-app');
const { app } = await openPaymentsService(config);
// Sends the spans still batched before the process exits.
app.addHook('onClose', shutdownTelemetry);
await serveUntilSignalled(app, config.PORT, config.HOST);
