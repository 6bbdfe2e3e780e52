import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadWebConfig } from './config.ts';
import { buildWebServer } from './web-server.ts';

const shellDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

let config: ReturnType<typeof loadWebConfig>;
try {
  config = loadWebConfig();
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}

const app = await buildWebServer({
  shellDist: path.join(shellDir, 'dist'),
  remotes: config.REMOTES,
  bffUrl: config.BFF_URL,
  trustProxy: config.TRUST_PROXY,
  preLaunch: config.PRE_LAUNCH,
  logger: { level: config.LOG_LEVEL },
  ...(config.TLS_CERT_FILE && config.TLS_KEY_FILE ? { tls: { cert: readFileSync(config.TLS_CERT_FILE), key: readFileSync(config.TLS_KEY_FILE) } } : {}),
});

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
