import { connect, type NatsConnection } from '@nats-io/transport-node';
import type { FastifyBaseLogger } from 'fastify';
import { LRUCache } from 'lru-cache';

/**
 * Each BFF replica keeps the current user as identity last answered it, for the call every
 * signed-in screen makes (`GET /api/auth/user`): the session is still checked in Redis on every
 * request, only the identity call is saved. A copy is dropped
 *
 * - when identity publishes any event about the account (`krom.identity.user.>`, which every
 *   change of what the owner sees publishes in its own transaction: `user.changed`, the snapshot,
 *   `user.deleted`), so another replica's change reaches this one as fast as the event;
 * - when this replica forwards a state-changing call of the user (before its answer is sent), so
 *   the user reads their own change at once;
 * - after `ttlMs` in any case, the bound on staleness should an event never come.
 *
 * Without the event subscription (no NATS, or the connection lost) nothing is cached or served
 * from the cache. A read that began before an event and ends after it stores nothing: every drop
 * raises a generation that the read compared when it began.
 */
export class CurrentUserCache {
  private readonly entries: LRUCache<string, string>;
  private generation = 0;
  private live = false;
  private waiters: (() => void)[] = [];

  constructor(options: { max: number; ttlMs: number; now?: () => number }) {
    this.entries = new LRUCache({ max: options.max, ttl: options.ttlMs, ttlAutopurge: false, ttlResolution: 0, ...(options.now ? { perf: { now: options.now } } : {}) });
  }

  /** The user's view as identity serialised it, or undefined (not cached, or not trustworthy now). */
  get(userId: string): string | undefined {
    return this.live ? this.entries.get(userId) : undefined;
  }

  /** Call before asking identity; hand the token to `store` with the answer. */
  begin(): number {
    return this.generation;
  }

  /** Keeps the answer, unless anything was dropped since `begin` or the subscription is down. */
  store(userId: string, body: string, token: number): void {
    if (this.live && token === this.generation) this.entries.set(userId, body);
  }

  drop(userId: string): void {
    this.generation += 1;
    this.entries.delete(userId);
  }

  /** The event subscription came up (true) or went down (false): either way nothing held is kept. */
  subscriptionChanged(live: boolean): void {
    this.generation += 1;
    this.entries.clear();
    this.live = live;
    if (live) for (const resolve of this.waiters.splice(0)) resolve();
  }

  /** Resolves once the event subscription is in place and copies may be served (tests wait on it). */
  whenLive(): Promise<void> {
    return this.live ? Promise.resolve() : new Promise((resolve) => this.waiters.push(resolve));
  }

  /**
   * Subscribes to identity's account events (a plain NATS subscription: a replica that was away
   * has nothing to catch up on, it starts empty). Connects in the background, retrying, so the BFF
   * starts and answers without NATS; copies are served only while subscribed.
   */
  watch(options: { natsUrl: string; busPrefix: string; logger: Pick<FastifyBaseLogger, 'warn' | 'error'> }): { close: () => Promise<void> } {
    const subject = `${options.busPrefix ? `${options.busPrefix}.` : ''}krom.identity.user.>`;
    let closed = false;
    let connection: NatsConnection | undefined;
    let retry: NodeJS.Timeout | undefined;
    let warned = false;
    const attempt = async () => {
      let nc: NatsConnection;
      try {
        nc = await connect({ servers: options.natsUrl.split(','), name: 'bff-current-user-cache', reconnect: true, maxReconnectAttempts: -1, reconnectTimeWait: 250 });
      } catch (error) {
        if (!warned) options.logger.warn({ err: error }, 'current-user cache: no event subscription yet; the current user is read from identity meanwhile');
        warned = true;
        if (!closed) retry = setTimeout(attempt, 1000).unref();
        return;
      }
      if (closed) return void (await nc.close());
      connection = nc;
      nc.subscribe(subject, { callback: (error, msg) => (error ? this.subscriptionChanged(false) : this.dropNamed(msg.data)) });
      await nc.flush();
      this.subscriptionChanged(true);
      for await (const status of nc.status()) {
        // Events may have been missed while away: nothing held before is trusted afterwards.
        if (status.type === 'disconnect') this.subscriptionChanged(false);
        else if (status.type === 'reconnect') this.subscriptionChanged(true);
      }
    };
    void attempt().catch((error: unknown) => {
      this.subscriptionChanged(false);
      options.logger.error({ err: error }, 'current-user cache: event subscription failed; the current user is read from identity');
    });
    return {
      close: async () => {
        closed = true;
        clearTimeout(retry);
        this.subscriptionChanged(false);
        await connection?.close();
      },
    };
  }

  /** Drops the user an event names; an event that names none is not understood, so everything goes. */
  private dropNamed(data: Uint8Array): void {
    let userId: unknown;
    try {
      userId = (JSON.parse(new TextDecoder().decode(data)) as { data?: { userId?: unknown } }).data?.userId;
    } catch {
      userId = undefined;
    }
    if (typeof userId === 'string') this.drop(userId);
    else this.subscriptionChanged(this.live);
  }
}
