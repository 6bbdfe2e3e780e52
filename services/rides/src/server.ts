import { serveUntilSignalled } from '@krom/server-kit/http-app';
import { initTelemetry } from '@krom/server-kit/telemetry';
import { readRidesConfig } from './config.ts';
import { openRidesService } from './open-rides.ts';

const config = readRidesConfig();
initTelemetry('rides', config.OTEL_EXPORTER_OTLP_ENDPOINT);
const { app } = await openRidesService(config);
await serveUntilSignalled(app, config.PORT, config.HOST);
