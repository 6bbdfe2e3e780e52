import { randomUUID } from 'node:crypto';
import { PassThrough } from 'node:stream';
import { notificationStreamEvent } from '@krom/contracts/http/notifications';
import type { Logger } from '@krom/server-kit/logger';
import { eq } from 'drizzle-orm';
import type pg from 'pg';
import type { NotificationsDb } from '../db/notifications-db.ts';
import { notifications } from '../db/schema.ts';
import { NOTIFICATION_CHANNEL, type NotificationSignal, toNotification } from './create-notification.ts';

const RECONNECT_MS = 1000;
/** Where replicas tell each other of the streams they open and close, so a user's cap holds across them. */
const STREAMS_CHANNEL = 'krom_notification_streams';
type StreamSignal = { replica: string; userId: string; streamId: string; open: boolean };

/**
 * Holds the open notification streams (Server-Sent Events) by user and feeds them from one
 * LISTEN connection: a new notification for a user goes to that user's streams only. A comment
 * line every heartbeat keeps proxies from closing a quiet stream.
 */
export class NotificationStreamHub {
  /**
   * Every stream of a user this replica knows of, oldest first: its own (with the stream) and
   * other replicas' (null), as announced on STREAMS_CHANNEL. Beyond the cap the oldest is closed
   * by whichever replica holds it; one that died without saying so is dropped the same way.
   */
  private readonly streams = new Map<string, Map<string, PassThrough | null>>();
  private readonly ids = new WeakMap<PassThrough, string>();
  private readonly replica = randomUUID();
  private listener: pg.PoolClient | undefined;
  private heartbeat: NodeJS.Timeout | undefined;
  private reconnect: NodeJS.Timeout | undefined;
  private stopped = false;

  constructor(
    private readonly db: NotificationsDb,
    private readonly logger: Logger,
    private readonly heartbeatMs: number,
    private readonly maxStreamsPerUser = 5,
  ) {}

  async start(): Promise<void> {
    await this.listen();
    this.heartbeat = setInterval(() => this.broadcast(': keep-alive\n\n'), this.heartbeatMs);
    this.heartbeat.unref();
  }

  /** A new stream for the user; it receives their notifications until released. Past the cap the user's oldest stream ends. */
  open(userId: string): PassThrough {
    const stream = new PassThrough();
    const streamId = randomUUID();
    this.ids.set(stream, streamId);
    this.track(userId, streamId, stream);
    this.announce({ replica: this.replica, userId, streamId, open: true });
    // Written at once so the response's headers leave now and the client knows it is connected.
    stream.write(': connected\n\n');
    return stream;
  }

  release(userId: string, stream: PassThrough): void {
    const streamId = this.ids.get(stream);
    const mine = this.streams.get(userId);
    if (streamId && mine?.get(streamId) === stream) {
      mine.delete(streamId);
      if (mine.size === 0) this.streams.delete(userId);
      this.announce({ replica: this.replica, userId, streamId, open: false });
    }
    if (!stream.writableEnded) stream.end();
  }

  /** Adds a stream to the user's list and closes the oldest beyond the cap. */
  private track(userId: string, streamId: string, stream: PassThrough | null): void {
    let mine = this.streams.get(userId);
    if (!mine) {
      mine = new Map();
      this.streams.set(userId, mine);
    }
    mine.set(streamId, stream);
    while (mine.size > this.maxStreamsPerUser) {
      const [oldestId, oldest] = mine.entries().next().value as [string, PassThrough | null];
      if (oldest) this.release(userId, oldest);
      else mine.delete(oldestId);
    }
  }

  private announce(signal: StreamSignal): void {
    this.db.$client.query('SELECT pg_notify($1, $2)', [STREAMS_CHANNEL, JSON.stringify(signal)]).catch((error: unknown) => {
      this.logger.warn({ err: error }, 'could not announce a notification stream to the other replicas');
    });
  }

  /** Another replica opened or closed a stream. */
  private heard(payload: string | undefined): void {
    try {
      const signal = JSON.parse(payload ?? '') as StreamSignal;
      if (signal.replica === this.replica) return;
      if (signal.open) this.track(signal.userId, signal.streamId, null);
      else {
        const mine = this.streams.get(signal.userId);
        if (mine?.get(signal.streamId) === null) mine.delete(signal.streamId);
        if (mine?.size === 0) this.streams.delete(signal.userId);
      }
    } catch (error) {
      this.logger.warn({ err: error, payload }, 'could not read a notification stream signal');
    }
  }

  /**
   * Whether the user has the app open now: a notification stream of theirs is open on this replica
   * or, as announced, on another. What "active in the app" means for the message SMS nudge.
   */
  isWatching(userId: string): boolean {
    return (this.streams.get(userId)?.size ?? 0) > 0;
  }

  /** How many streams this replica holds open (for tests and logs). */
  get openStreams(): number {
    let total = 0;
    for (const set of this.streams.values()) for (const stream of set.values()) if (stream) total += 1;
    return total;
  }

  /** How many streams of the user this replica knows of, its own and other replicas' (for tests and logs). */
  knownStreamsOf(userId: string): number {
    return this.streams.get(userId)?.size ?? 0;
  }

  /** Ends every stream so the server can close; clients reconnect elsewhere. */
  closeStreams(): void {
    for (const [userId, set] of this.streams) for (const stream of set.values()) if (stream) this.release(userId, stream);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.heartbeat);
    clearTimeout(this.reconnect);
    this.closeStreams();
    const listener = this.listener;
    this.listener = undefined;
    if (listener) {
      await listener.query('UNLISTEN *').catch(() => undefined);
      listener.release();
    }
  }

  private async listen(): Promise<void> {
    let client: pg.PoolClient | undefined;
    try {
      client = await this.db.$client.connect();
      client.on('notification', (message) => {
        if (message.channel === STREAMS_CHANNEL) this.heard(message.payload);
        else void this.deliver(message.payload);
      });
      client.on('error', (error) => this.lost(client, error));
      await client.query(`LISTEN ${NOTIFICATION_CHANNEL}`);
      await client.query(`LISTEN ${STREAMS_CHANNEL}`);
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
      // Only streams held here are fed; other replicas read the row for theirs.
      if (![...(this.streams.get(signal.userId)?.values() ?? [])].some(Boolean)) return;
      const [row] = await this.db.select().from(notifications).where(eq(notifications.id, signal.id));
      if (!row || row.userId !== signal.userId) return;
      const frame = `event: ${notificationStreamEvent}\ndata: ${JSON.stringify(toNotification(row))}\n\n`;
      for (const stream of this.streams.get(signal.userId)?.values() ?? []) stream?.write(frame);
    } catch (error) {
      this.logger.warn({ err: error, payload }, 'could not deliver a notification to its streams');
    }
  }

  private broadcast(frame: string): void {
    for (const set of this.streams.values()) for (const stream of set.values()) stream?.write(frame);
  }
}
