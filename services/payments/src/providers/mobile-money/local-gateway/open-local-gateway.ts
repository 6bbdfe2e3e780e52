import { fileURLToPath } from 'node:url';
import { createDatabase, ensureDatabase, migrateDatabase } from '@krom/server-kit/db';
import type { FastifyInstance } from 'fastify';
import { buildLocalGateway } from './gateway-app.ts';

export const localGatewayMigrations = fileURLToPath(new URL('./migrations', import.meta.url));

export type LocalGatewayOptions = { databaseUrl: string; secret: string; callbackUrl: string | undefined; logLevel?: string };

/** The local gateway with its database created and migrated if needed, as the services open theirs; closing the app closes the pool. */
export async function openLocalGateway(options: LocalGatewayOptions): Promise<FastifyInstance> {
  await ensureDatabase(options.databaseUrl);
  const db = createDatabase(options.databaseUrl, {}, 5);
  await migrateDatabase(db, localGatewayMigrations);
  const app = buildLocalGateway({ pool: db.$client, secret: options.secret, callbackUrl: options.callbackUrl, logLevel: options.logLevel });
  app.addHook('onClose', () => db.$client.end());
  return app;
}
