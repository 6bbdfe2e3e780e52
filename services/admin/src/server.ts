import { serveUntilSignalled } from '@krom/server-kit/http-app';
import { initTelemetry } from '@krom/server-kit/telemetry';
import { readAdminConfig } from './config.ts';
import { openAdminService } from './open-admin.ts';

const config = readAdminConfig();
initTelemetry('admin', config.OTEL_EXPORTER_OTLP_ENDPOINT);
const { app } = await openAdminService(config);
await serveUntilSignalled(app, config.PORT, config.HOST);
