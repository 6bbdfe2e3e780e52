import type { Transaction } from '@krom/server-kit/outbox';
import { sql } from 'drizzle-orm';
import type { NotificationsConfig } from '../config.ts';
import type { NotificationsDb } from '../db/notifications-db.ts';
import { emailLogs, smsLogs } from '../db/schema.ts';

const HOUR_MS = 3600_000;
const DAY_MS = 24 * HOUR_MS;

export type DestinationCaps = { hourly: number; daily: number };

/** How many messages other than codes one phone number or inbox may be sent, and the time they are counted at. */
export type MessageLimits = { sms: DestinationCaps; email: DestinationCaps; clock: () => Date };

export function messageLimitsFrom(config: NotificationsConfig, clock: () => Date = () => new Date()): MessageLimits {
  return {
    sms: { hourly: config.SMS_CAP_PER_NUMBER_HOURLY, daily: config.SMS_CAP_PER_NUMBER_DAILY },
    email: { hourly: config.EMAIL_CAP_PER_ADDRESS_HOURLY, daily: config.EMAIL_CAP_PER_ADDRESS_DAILY },
    clock,
  };
}

/** A destination over its cap: why (for the log row) and when a message may be sent again. */
export type CapReached = { reason: string; retryAfterSeconds: number };

const channels = {
  sms: { table: smsLogs, column: smsLogs.phoneNumber, noun: 'this number' },
  email: { table: emailLogs, column: emailLogs.email, noun: 'this address' },
} as const;

/**
 * Serialises every message to one destination inside the caller's transaction, so two messages
 * recorded at once cannot both pass the cap. Taken after any other lock a caller holds.
 */
export async function lockDestination(tx: Transaction, channel: 'sms' | 'email', destination: string): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtextextended(${`message-destination:${channel}:${destination}`}, 0))`);
}

/**
 * One-time codes (sign-up, sign-in, recovery) are the one message type with a budget of their own:
 * issueVerificationCode caps them per destination, subject and client, and no notice counts
 * against them or they against notices, so a flood of notices can never silence a password reset.
 */
const CODE_MESSAGE_TYPE = 'verification';

/**
 * Whether one more message of `messageType` to `destination` would pass the hourly or daily cap.
 * A code never does (its budget is issueVerificationCode's). Every other message recorded for the
 * destination counts, whatever flow sent it and whether it was delivered; codes and suppressed
 * messages do not (the latter were never sent). Call it under `lockDestination`.
 */
export async function destinationCapReached(
  db: NotificationsDb | Transaction,
  channel: 'sms' | 'email',
  destination: string,
  messageType: string,
  limits: MessageLimits,
): Promise<CapReached | undefined> {
  if (messageType === CODE_MESSAGE_TYPE) return undefined;
  const { table, column, noun } = channels[channel];
  const caps = limits[channel];
  const now = limits.clock().getTime();
  const hourAgo = new Date(now - HOUR_MS);
  const dayAgo = new Date(now - DAY_MS);
  const [counted] = await db
    .select({
      lastHour: sql<number>`count(*) FILTER (WHERE ${table.createdAt} > ${hourAgo})::int`,
      lastDay: sql<number>`count(*)::int`,
      oldestInHour: sql<Date | null>`min(${table.createdAt}) FILTER (WHERE ${table.createdAt} > ${hourAgo})`,
      oldestInDay: sql<Date | null>`min(${table.createdAt})`,
    })
    .from(table)
    .where(sql`${column} = ${destination} AND ${table.createdAt} > ${dayAgo} AND ${table.status} <> 'suppressed' AND ${table.messageType} <> ${CODE_MESSAGE_TYPE}`);
  const secondsUntil = (oldest: Date | string | null | undefined, window: number) =>
    Math.max(1, Math.ceil((new Date(oldest ?? now).getTime() + window - now) / 1000));
  if (counted && counted.lastDay >= caps.daily) {
    return { reason: `Suppressed: ${caps.daily} messages to ${noun} in the last 24 hours`, retryAfterSeconds: secondsUntil(counted.oldestInDay, DAY_MS) };
  }
  if (counted && counted.lastHour >= caps.hourly) {
    return { reason: `Suppressed: ${caps.hourly} messages to ${noun} in the last hour`, retryAfterSeconds: secondsUntil(counted.oldestInHour, HOUR_MS) };
  }
  return undefined;
}
