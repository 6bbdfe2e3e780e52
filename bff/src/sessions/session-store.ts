import { randomBytes } from 'node:crypto';
import type { Redis } from 'ioredis';

export type PrincipalKind = 'admin' | 'user';
/** `roles`: a staff session's roles, as the admin service answered at sign-in. */
export type SessionRecord = { kind: PrincipalKind; principalId: string; createdAt: number; roles?: readonly string[] };
export type SessionLifetimes = Record<PrincipalKind, { idleSeconds: number; absoluteSeconds: number }>;

/**
 * Server-side session records in Redis. The encrypted cookie holds only a session id per
 * principal, so signing out, a password change or an expiry ends a session everywhere, even
 * for someone holding a copy of the cookie.
 */
export class SessionStore {
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
    private readonly lifetimes: SessionLifetimes,
  ) {}

  private key = (sid: string) => `${this.prefix}session:${sid}`;
  private principalKey = (kind: PrincipalKind, id: string) => `${this.prefix}principal:${kind}:${id}`;
  private grantKey = (purpose: string, id: string) => `${this.prefix}grant:${purpose}:${id}`;
  private triesKey = (purpose: string, id: string) => `${this.prefix}tries:${purpose}:${id}`;
  private credentialsChangedKey = (kind: PrincipalKind, id: string) => `${this.prefix}credentials-changed:${kind}:${id}`;

  async create(kind: PrincipalKind, principalId: string, roles?: readonly string[]): Promise<string> {
    const sid = randomBytes(32).toString('base64url');
    const record: SessionRecord = { kind, principalId, createdAt: Date.now(), ...(roles && { roles }) };
    const { idleSeconds, absoluteSeconds } = this.lifetimes[kind];
    await this.redis
      .multi()
      .set(this.key(sid), JSON.stringify(record), 'EX', idleSeconds)
      .sadd(this.principalKey(kind, principalId), sid)
      .expire(this.principalKey(kind, principalId), absoluteSeconds)
      .exec();
    return sid;
  }

  /** The live record for `sid`, its idle timer restarted; undefined once idle or too old. */
  async touch(sid: string, kind: PrincipalKind): Promise<SessionRecord | undefined> {
    const { idleSeconds, absoluteSeconds } = this.lifetimes[kind];
    // Read and restart the idle timer in one round trip: this runs on every signed-in request.
    const raw = await this.redis.getex(this.key(sid), 'EX', idleSeconds);
    if (!raw) return undefined;
    const record = JSON.parse(raw) as SessionRecord;
    const leftSeconds = Math.ceil(absoluteSeconds - (Date.now() - record.createdAt) / 1000);
    if (record.kind !== kind || leftSeconds <= 0) {
      await this.destroy(sid);
      return undefined;
    }
    // Near the end of its absolute lifetime the record must not outlive it.
    if (leftSeconds < idleSeconds) await this.redis.expire(this.key(sid), leftSeconds);
    return record;
  }

  async destroy(sid: string): Promise<void> {
    const raw = await this.redis.get(this.key(sid));
    const multi = this.redis.multi().del(this.key(sid));
    if (raw) {
      const record = JSON.parse(raw) as SessionRecord;
      multi.srem(this.principalKey(record.kind, record.principalId), sid);
    }
    await multi.exec();
  }

  /**
   * A one-time grant (a verified reset code): the cookie carries only its random id, the record
   * lives here, so ending it once ends it for every copy of the cookie.
   */
  async createGrant(purpose: string, principalId: string, seconds: number): Promise<string> {
    const id = randomBytes(32).toString('base64url');
    await this.redis.set(this.grantKey(purpose, id), principalId, 'EX', seconds);
    return id;
  }

  /** Whose grant `id` is, while it is alive and unused. */
  async grantHolder(purpose: string, id: string): Promise<string | undefined> {
    return (await this.redis.get(this.grantKey(purpose, id))) ?? undefined;
  }

  async endGrant(purpose: string, id: string): Promise<void> {
    await this.redis.del(this.grantKey(purpose, id));
  }

  /**
   * Wrong tries at something a browser session started (a reset code), counted here rather than
   * in the cookie, so a copy of the cookie from before a try does not take it back.
   */
  async countWrongTry(purpose: string, id: string, seconds: number): Promise<number> {
    const [[, count] = []] = (await this.redis.multi().incr(this.triesKey(purpose, id)).expire(this.triesKey(purpose, id), seconds).exec()) ?? [];
    return Number(count);
  }

  async wrongTries(purpose: string, id: string): Promise<number> {
    return Number((await this.redis.get(this.triesKey(purpose, id))) ?? 0);
  }

  /** Redis's clock in milliseconds: one clock for every BFF replica, so their moments compare. */
  async now(): Promise<number> {
    const [seconds, micros] = await this.redis.time();
    return Number(seconds) * 1000 + Math.floor(Number(micros) / 1000);
  }

  /**
   * After a password change: no sign-in whose password was checked before this moment may open a
   * session any more (`credentialsChangedSince`). Kept as long as a session could live.
   */
  async markCredentialsChanged(kind: PrincipalKind, principalId: string): Promise<void> {
    await this.redis.set(this.credentialsChangedKey(kind, principalId), String(await this.now()), 'EX', this.lifetimes[kind].absoluteSeconds);
  }

  /** Whether the principal's password changed at or after `moment` (from `now`). */
  async credentialsChangedSince(kind: PrincipalKind, principalId: string, moment: number): Promise<boolean> {
    const changedAt = await this.redis.get(this.credentialsChangedKey(kind, principalId));
    return changedAt !== null && Number(changedAt) >= moment;
  }

  /** Ends every session of a principal except `keep` (after a password change, say). */
  async destroyAllFor(kind: PrincipalKind, principalId: string, keep?: string): Promise<void> {
    const sids = await this.redis.smembers(this.principalKey(kind, principalId));
    const ending = sids.filter((sid) => sid !== keep);
    if (ending.length === 0) return;
    await this.redis
      .multi()
      .del(...ending.map(this.key))
      .srem(this.principalKey(kind, principalId), ...ending)
      .exec();
  }
}
