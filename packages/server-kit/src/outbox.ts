import { randomUUID } from 'node:crypto';
import type { EventDefinition, EventEnvelope } from '@krom/contracts/envelope';
import { sql } from 'drizzle-orm';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import { index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type pg from 'pg';
import type { z } from 'zod';
import type { EventBus } from './bus.ts';
import type { Logger } from './logger.ts';
import { currentTraceparent } from './telemetry.ts';

/** Events waiting to be relayed to JetStream, written in the same transaction as the change. */
export const outbox = pgTable(
  'outbox',
  {
    id: uuid('id').primaryKey(),
    subject: text('subject').notNull(),
    envelope: jsonb('envelope').$type<EventEnvelope>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    publishedAt: timestamp('published_at', { withTimezone: true }),
  },
  (table) => [
    index('outbox_unpublished_idx').on(table.createdAt).where(sql`published_at IS NULL`),
    // The prune walks relayed rows oldest first and never touches unrelayed ones.
    index('outbox_published_idx').on(table.publishedAt).where(sql`published_at IS NOT NULL`),
  ],
);

/** Ids of events a consumer already handled: a redelivery finds its id here and has no effect. */
export const handledEvents = pgTable(
  'handled_events',
  {
    eventId: uuid('event_id').primaryKey(),
    subject: text('subject').notNull(),
    handledAt: timestamp('handled_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // The prune deletes the oldest ids first.
  (table) => [index('handled_events_handled_at_idx').on(table.handledAt)],
);

// biome-ignore lint/suspicious/noExplicitAny: drizzle's database and transaction types share no narrower base.
export type AnyDb = NodePgDatabase<any>;
export type Transaction = Parameters<Parameters<AnyDb['transaction']>[0]>[0];

const NOTIFY_CHANNEL = 'krom_outbox';

/** Records an event in the outbox inside `tx`; it is published only if `tx` commits. */
export async function recordEvent<S extends z.ZodTypeAny>(
  tx: Transaction | AnyDb,
  event: EventDefinition<S>,
  data: z.input<S>,
): Promise<EventEnvelope<z.infer<S>>> {
  const envelope: EventEnvelope<z.infer<S>> = {
    id: randomUUID(),
    type: event.subject,
    occurredAt: new Date().toISOString(),
    traceparent: currentTraceparent(),
    data: event.schema.parse(data),
  };
  await tx.insert(outbox).values({ id: envelope.id, subject: event.subject, envelope });
  // Delivered on commit only; wakes the relay at once instead of at its next poll.
  await tx.execute(sql`SELECT pg_notify(${NOTIFY_CHANNEL}, '')`);
  return envelope;
}

/**
 * Runs `effect` once per event id: the id is claimed in handled_events in the same transaction
 * as the effect, so a redelivered event (or a concurrent duplicate) changes nothing.
 * Returns false when the event had been handled already.
 */
export async function handleOnce(
  db: AnyDb,
  envelope: EventEnvelope,
  effect: (tx: Transaction) => Promise<void>,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const claimed = await tx
      .insert(handledEvents)
      .values({ eventId: envelope.id, subject: envelope.type })
      .onConflictDoNothing()
      .returning({ eventId: handledEvents.eventId });
    if (claimed.length === 0) return false;
    await effect(tx);
    return true;
  });
}

/** How long the prune keeps rows, and how many it deletes per statement. */
export type PruneSettings = {
  /** Relayed outbox rows older than this (by published_at) are deleted; unrelayed ones never. */
  outboxRetentionMs: number;
  /**
   * Handled event ids older than this are deleted. Set it to the stream's retention: the stream
   * has dropped an event by then (handled_at is after the event was stored), so no redelivery
   * of it can arrive any more.
   */
  handledEventsRetentionMs: number;
  batchSize?: number;
};

/** The statements one prune batch runs ($1: the cutoff, $2: the batch size). */
export const pruneStatements = {
  outbox: `DELETE FROM outbox WHERE id IN (
    SELECT id FROM outbox WHERE published_at < $1 ORDER BY published_at LIMIT $2 FOR UPDATE SKIP LOCKED)`,
  handledEvents: `DELETE FROM handled_events WHERE event_id IN (
    SELECT event_id FROM handled_events WHERE handled_at < $1 ORDER BY handled_at LIMIT $2 FOR UPDATE SKIP LOCKED)`,
} as const;

/**
 * Deletes relayed outbox rows and handled event ids past their retention at `now`, in batches
 * of short statements so no long lock holds back the relay or the consumers. Several processes
 * can prune at once: each skips the rows another is deleting. `keepGoing` lets a stopping relay
 * end between batches.
 */
export async function pruneEventTables(
  pool: pg.Pool,
  settings: PruneSettings,
  now: Date = new Date(),
  keepGoing: () => boolean = () => true,
): Promise<{ outbox: number; handledEvents: number }> {
  const batchSize = settings.batchSize ?? 1000;
  const deleted = { outbox: 0, handledEvents: 0 };
  const cutoffs = {
    outbox: new Date(now.getTime() - settings.outboxRetentionMs),
    handledEvents: new Date(now.getTime() - settings.handledEventsRetentionMs),
  };
  for (const table of ['outbox', 'handledEvents'] as const) {
    while (keepGoing()) {
      const { rowCount } = await pool.query(pruneStatements[table], [cutoffs[table], batchSize]);
      deleted[table] += rowCount ?? 0;
      if ((rowCount ?? 0) < batchSize) break;
    }
  }
  return deleted;
}

/**
 * Moves outbox rows to JetStream. Woken by pg_notify on commit, and polls as a fallback. While
 * NATS is unreachable rows stay unpublished and are retried; nothing is lost. Several relays of
 * the same service can run: rows are claimed with FOR UPDATE SKIP LOCKED. With `prune`, it also
 * deletes relayed rows and handled event ids past their retention, at start and every
 * `prune.intervalMs` (an hour by default).
 */
export class OutboxRelay {
  private listener: pg.PoolClient | undefined;
  private timer: NodeJS.Timeout | undefined;
  private pruneTimer: NodeJS.Timeout | undefined;
  private pruning: Promise<unknown> | undefined;
  private running: Promise<void> | undefined;
  private again = false;
  private stopped = false;
  private failures = 0;

  constructor(
    private readonly pool: pg.Pool,
    private readonly bus: EventBus,
    private readonly logger: Logger,
    private readonly options: {
      pollMs?: number;
      batchSize?: number;
      publishTimeoutMs?: number;
      prune?: PruneSettings & { intervalMs?: number };
    } = {},
  ) {}

  async start(): Promise<void> {
    try {
      this.listener = await this.pool.connect();
      this.listener.on('notification', () => this.wake());
      this.listener.on('error', (error) => this.logger.warn({ err: error }, 'outbox listener lost; polling only'));
      await this.listener.query(`LISTEN ${NOTIFY_CHANNEL}`);
    } catch (error) {
      this.logger.warn({ err: error }, 'outbox listener unavailable; polling only');
    }
    this.schedule(0);
    if (this.options.prune) this.schedulePrune(0);
  }

  /** Prunes the outbox and handled events as of `now`; without `prune` settings, does nothing. */
  async prune(now: Date = new Date()): Promise<{ outbox: number; handledEvents: number }> {
    if (!this.options.prune) return { outbox: 0, handledEvents: 0 };
    return pruneEventTables(this.pool, this.options.prune, now, () => !this.stopped);
  }

  private schedulePrune(delayMs: number): void {
    if (this.stopped) return;
    this.pruneTimer = setTimeout(() => {
      this.pruning = this.prune()
        .then((deleted) => {
          if (deleted.outbox + deleted.handledEvents > 0) this.logger.info(deleted, 'pruned outbox and handled events');
        })
        .catch((error) => this.logger.warn({ err: error }, 'outbox prune failed; will try again'))
        .finally(() => {
          this.pruning = undefined;
          this.schedulePrune(this.options.prune?.intervalMs ?? 3_600_000);
        });
    }, delayMs);
  }

  /** Starts a drain now, or right after the one in progress. */
  wake(): void {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.drainLoop().finally(() => {
      this.running = undefined;
      if (this.again) {
        this.again = false;
        this.wake();
      }
    });
  }

  private schedule(delayMs: number): void {
    if (this.stopped) return;
    clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.wake();
      const backoff = Math.min(10_000, (this.options.pollMs ?? 1000) * 2 ** this.failures);
      this.schedule(this.failures > 0 ? backoff : (this.options.pollMs ?? 1000));
    }, delayMs);
  }

  private async drainLoop(): Promise<void> {
    while (!this.stopped) {
      const moved = await this.drainBatch();
      if (moved < (this.options.batchSize ?? 100)) return;
    }
  }

  /** Publishes one batch; returns how many rows it claimed (0 when idle or failing). */
  private async drainBatch(): Promise<number> {
    let client: pg.PoolClient | undefined;
    try {
      client = await this.pool.connect();
      await client.query('BEGIN');
      const { rows } = await client.query<{ id: string; subject: string; envelope: EventEnvelope }>(
        `SELECT id, subject, envelope FROM outbox WHERE published_at IS NULL
         ORDER BY created_at LIMIT $1 FOR UPDATE SKIP LOCKED`,
        [this.options.batchSize ?? 100],
      );
      const results = await Promise.allSettled(
        rows.map((row) => this.bus.publish(row.subject, row.envelope, this.options.publishTimeoutMs ?? 2000)),
      );
      const published = rows.filter((_, i) => results[i]?.status === 'fulfilled').map((row) => row.id);
      if (published.length > 0) {
        await client.query('UPDATE outbox SET published_at = now() WHERE id = ANY($1::uuid[])', [published]);
      }
      await client.query('COMMIT');
      const failed = results.find((r): r is PromiseRejectedResult => r.status === 'rejected');
      if (failed) {
        this.failures += 1;
        this.logger.warn({ err: failed.reason, pending: rows.length - published.length }, 'outbox relay could not publish; will retry');
        return 0;
      }
      this.failures = 0;
      return rows.length;
    } catch (error) {
      await client?.query('ROLLBACK').catch(() => undefined);
      this.failures += 1;
      this.logger.warn({ err: error }, 'outbox relay batch failed; will retry');
      return 0;
    } finally {
      client?.release();
    }
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    clearTimeout(this.pruneTimer);
    await Promise.all([this.running, this.pruning]);
    if (this.listener) {
      await this.listener.query(`UNLISTEN ${NOTIFY_CHANNEL}`).catch(() => undefined);
      this.listener.release();
    }
  }
}
