import { serveUntilSignalled } from '@krom/server-kit/http-app';
import { initTelemetry } from '@krom/server-kit/telemetry';
import { readNotificationsConfig } from './config.ts';
import { openNotificationsService } from './open-notifications.ts';

const config = readNotificationsConfig();
initTelemetry('notifications', config.OTEL_EXPORTER_OTLP_ENDPOINT);
const { app } = await openNotificationsService(config);
await serveUntilSignalled(app, config.PORT, config.HOST);
