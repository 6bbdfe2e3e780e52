import { PassThrough } from 'node:stream';
import { notificationStreamEvent } from '@krom/contracts/http/notifications';
import type { Logger } from '@krom/server-kit/logger';
import { eq } from 'drizzle-orm';
import type pg from 'pg';
import type { NotificationsDb } from '../db/notifications-db.ts';
import { notifications } from '../db/schema.ts';
import { NOTIFICATION_CHANNEL, type NotificationSignal, toNotification } from './create-notification.ts';

/** More streams than this for one user (tabs, devices) close the oldest. */
const MAX_STREAMS_PER_USER = 10;
const RECONNECT_MS = 1000;

/**
 * Holds the open notification streams (Server-Sent Events) by user and feeds them from one
 * LISTEN connection: a new notification for a user goes to that user's streams only. A comment
 * line every heartbeat keeps proxies from closing a quiet stream.
 */
export class NotificationStreamHub {
  private readonly streams = new Map<string, Set<PassThrough>>();
  private listener: pg.PoolClient | undefined;
  private heartbeat: NodeJS.Timeout | undefined;
  private reconnect: NodeJS.Timeout | undefined;
  private stopped = false;

  constructor(
    private readonly db: NotificationsDb,
    private readonly logger: Logger,
    private readonly heartbeatMs: number,
  ) {}

  async start(): Promise<void> {
    await this.listen();
    this.heartbeat = setInterval(() => this.broadcast(': keep-alive\n\n'), this.heartbeatMs);
    this.heartbeat.unref();
  }

  /** A new stream for the user; it receives their notifications until released. */
  open(userId: string): PassThrough {
    const stream = new PassThrough();
    let mine = this.streams.get(userId);
    if (!mine) {
      mine = new Set();
      this.streams.set(userId, mine);
    }
    if (mine.size >= MAX_STREAMS_PER_USER) {
      const oldest = mine.values().next().value;
      if (oldest) this.release(userId, oldest);
    }
    mine.add(stream);
    // Written at once so the response's headers leave now and the client knows it is connected.
    stream.write(': connected\n\n');
    return stream;
  }

  release(userId: string, stream: PassThrough): void {
    const mine = this.streams.get(userId);
    mine?.delete(stream);
    if (mine?.size === 0) this.streams.delete(userId);
    if (!stream.writableEnded) stream.end();
  }

  /** How many streams are open (for tests and logs). */
  get openStreams(): number {
    let total = 0;
    for (const set of this.streams.values()) total += set.size;
    return total;
  }

  /** Ends every stream so the server can close; clients reconnect elsewhere. */
  closeStreams(): void {
    for (const [userId, set] of this.streams) for (const stream of set) this.release(userId, stream);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.heartbeat);
    clearTimeout(this.reconnect);
    this.closeStreams();
    const listener = this.listener;
    this.listener = undefined;
    if (listener) {
      await listener.query(`UNLISTEN ${NOTIFICATION_CHANNEL}`).catch(() => undefined);
      listener.release();
    }
  }

  private async listen(): Promise<void> {
    let client: pg.PoolClient | undefined;
    try {
      client = await this.db.$client.connect();
      client.on('notification', (message) => void this.deliver(message.payload));
      client.on('error', (error) => this.lost(client, error));
      await client.query(`LISTEN ${NOTIFICATION_CHANNEL}`);
      this.listener = client;
    } catch (error) {
      this.lost(client, error as Error);
    }
  }

  /** The LISTEN connection broke: streams stay open, and it is re-established shortly. */
  private lost(client: pg.PoolClient | undefined, error: Error): void {
    this.logger.warn({ err: error }, 'notification listener lost; reconnecting');
    if (client) {
      client.removeAllListeners('notification');
      client.release(error);
    }
    if (this.listener === client) this.listener = undefined;
    if (this.stopped) return;
    clearTimeout(this.reconnect);
    this.reconnect = setTimeout(() => void this.listen(), RECONNECT_MS);
  }

  private async deliver(payload: string | undefined): Promise<void> {
    try {
      const signal = JSON.parse(payload ?? '') as NotificationSignal;
      const mine = this.streams.get(signal.userId);
      if (!mine || mine.size === 0) return;
      const [row] = await this.db.select().from(notifications).where(eq(notifications.id, signal.id));
      if (!row || row.userId !== signal.userId) return;
      const frame = `event: ${notificationStreamEvent}\ndata: ${JSON.stringify(toNotification(row))}\n\n`;
      for (const stream of this.streams.get(signal.userId) ?? []) stream.write(frame);
    } catch (error) {
      this.logger.warn({ err: error, payload }, 'could not deliver a notification to its streams');
    }
  }

  private broadcast(frame: string): void {
    for (const set of this.streams.values()) for (const stream of set) stream.write(frame);
  }
}
