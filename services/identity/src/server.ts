import { serveUntilSignalled } from '@krom/server-kit/http-app';
import { initTelemetry } from '@krom/server-kit/telemetry';
import { readIdentityConfig } from './config.ts';
import { openIdentityService } from './open-identity.ts';

const config = readIdentityConfig();
initTelemetry('identity', config.OTEL_EXPORTER_OTLP_ENDPOINT);
const { app } = await openIdentityService(config);
await serveUntilSignalled(app, config.PORT, config.HOST);
