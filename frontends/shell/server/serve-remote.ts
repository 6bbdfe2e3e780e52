import { loadRemoteServerConfig } from './config.ts';
import { buildRemoteServer } from './remote-server.ts';

let config: ReturnType<typeof loadRemoteServerConfig>;
try {
  config = loadRemoteServerConfig();
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}

const app = await buildRemoteServer({ name: config.REMOTE_NAME, dist: config.REMOTE_DIST, logger: { level: config.LOG_LEVEL } });

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    app.log.info({ signal }, 'shutting down');
    app.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  });
}

await app.listen({ host: config.HOST, port: config.PORT });
