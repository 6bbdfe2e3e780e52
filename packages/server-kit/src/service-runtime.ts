import { EventBus } from './bus.ts';
import type { z } from 'zod';
import type { serviceConfigSchema } from './config.ts';
import { createDatabase, type Database, ensureDatabase, migrateDatabase } from './db.ts';
import type { Logger } from './logger.ts';
import { OutboxRelay } from './outbox.ts';

export type ServiceConfig = z.infer<typeof serviceConfigSchema>;

const HOUR_MS = 3_600_000;

export type ServiceResources<S extends Record<string, unknown>> = {
  db: Database<S>;
  bus: EventBus;
  relay: OutboxRelay;
  checks: Record<string, () => Promise<void>>;
  close: () => Promise<void>;
};

/**
 * What a service opens before it serves: its own database (created and migrated), the bus with
 * the stream in place, and the outbox relay. `close` releases them in reverse order.
 */
export async function openServiceResources<S extends Record<string, unknown>>(options: {
  service: string;
  config: ServiceConfig;
  schema: S;
  migrationsFolder: string;
  logger: Logger;
  poolSize?: number;
}): Promise<ServiceResources<S>> {
  const { config, logger } = options;
  await ensureDatabase(config.DATABASE_URL);
  const db = createDatabase(config.DATABASE_URL, options.schema, options.poolSize);
  try {
    await migrateDatabase(db, options.migrationsFolder);
    const bus = await EventBus.connect({
      url: config.NATS_URL,
      prefix: config.BUS_PREFIX,
      name: options.service,
      logger,
      retentionMs: config.EVENT_RETENTION_HOURS * HOUR_MS,
      replicas: config.NATS_STREAM_REPLICAS,
    });
    const relay = new OutboxRelay(db.$client, bus, logger, {
      prune: { outboxRetentionMs: config.OUTBOX_RETENTION_HOURS * HOUR_MS, handledEventsRetentionMs: bus.retentionMs },
    });
    await relay.start();
    return {
      db,
      bus,
      relay,
      checks: {
        database: async () => {
          await db.$client.query('SELECT 1');
        },
        nats: () => bus.ping(),
      },
      close: async () => {
        await relay.stop();
        await bus.close();
        await db.$client.end();
      },
    };
  } catch (error) {
    await db.$client.end().catch(() => undefined);
    throw error;
  }
}
