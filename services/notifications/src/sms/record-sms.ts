import type { smsMessageTypes } from '@krom/contracts/http/sms';
import type { Transaction } from '@krom/server-kit/outbox';
import { eq } from 'drizzle-orm';
import type { NotificationsDb } from '../db/notifications-db.ts';
import { type SmsLogRow, smsLogs, smsOptOuts } from '../db/schema.ts';
import { InvalidPhoneNumberError, toGhanaE164 } from './phone-number.ts';
import { destinationCapReached, lockDestination, type MessageLimits } from '../messages/destination-cap.ts';

export type SmsMessageType = (typeof smsMessageTypes)[number];

export type SmsRecord = {
  /** E.164 when dialable; as received when the SMS is recorded as failed for a bad number. */
  phoneNumber: string;
  message: string;
  messageType: SmsMessageType;
  /** The provider that will deliver it (the spec's default for sms_logs.provider). */
  provider: string;
  sourceEventId?: string | undefined;
  /** The account it is for, when known now (erasure finds the row by it). */
  userId?: string | undefined;
  /** The message without its secret (a one-time code): what the log keeps once delivery ends. */
  redactedMessage?: string | undefined;
  /** A message that can never be sent is recorded as failed with its reason, not queued. */
  failure?: string | undefined;
  /**
   * An answer to a text the number just sent Krom: it passes a STOP (the person asked for it) and
   * the per-number caps (the inbound limit bounds how many a number can ask for).
   */
  reply?: boolean | undefined;
};

/** Why a notice is not texted to a number that sent STOP (codes and replies still are). */
export const OPTED_OUT_REASON = 'Suppressed: the number sent STOP';

/**
 * Writes the sms_logs row. With a source event id, a second call for the same event returns
 * the row the first call wrote instead of adding another. A number past its hourly or daily cap
 * of messages other than codes gets a 'suppressed' row with the reason instead of a pending one: it is never queued, and an
 * event asking for it is handled, not retried.
 */
export async function recordSms(db: NotificationsDb | Transaction, record: SmsRecord, limits: MessageLimits): Promise<SmsLogRow> {
  return db.transaction(async (tx) => {
    let outcome: { status: 'failed' | 'suppressed'; error: string } | undefined = record.failure ? { status: 'failed', error: record.failure } : undefined;
    if (!outcome && !record.reply) {
      await lockDestination(tx, 'sms', record.phoneNumber);
      if (record.messageType !== 'verification' && (await optedOut(tx, record.phoneNumber))) outcome = { status: 'suppressed', error: OPTED_OUT_REASON };
      const reached = outcome ? undefined : await destinationCapReached(tx, 'sms', record.phoneNumber, record.messageType, limits);
      if (reached) outcome = { status: 'suppressed', error: reached.reason };
    }
    const [created] = await tx
      .insert(smsLogs)
      .values({
        phoneNumber: record.phoneNumber,
        message: outcome?.status === 'suppressed' && record.redactedMessage ? record.redactedMessage : record.message,
        messageType: record.messageType,
        provider: record.provider,
        sourceEventId: record.sourceEventId,
        userId: record.userId,
        redactedMessage: outcome?.status === 'suppressed' ? null : record.redactedMessage,
        createdAt: limits.clock(),
        ...outcome,
      })
      .onConflictDoNothing({ target: smsLogs.sourceEventId })
      .returning();
    if (created) return created;
    const existing = record.sourceEventId ? await findSmsForEvent(tx, record.sourceEventId) : undefined;
    if (!existing) throw new Error('sms_logs insert conflicted but no row was found');
    return existing;
  });
}

async function optedOut(tx: Transaction, phone: string): Promise<boolean> {
  const [row] = await tx.select({ phone: smsOptOuts.phone }).from(smsOptOuts).where(eq(smsOptOuts.phone, phone));
  return row !== undefined;
}

export async function findSmsForEvent(db: NotificationsDb | Transaction, eventId: string): Promise<SmsLogRow | undefined> {
  const [row] = await db.select().from(smsLogs).where(eq(smsLogs.sourceEventId, eventId));
  return row;
}

/** The SMS row at a known phone; a number no provider can dial becomes a failed row with the reason (an event cannot be answered with a 400). */
export function smsAtKnownPhone(phone: string, base: Omit<SmsRecord, 'phoneNumber' | 'failure'>): SmsRecord {
  try {
    return { ...base, phoneNumber: toGhanaE164(phone) };
  } catch (error) {
    if (!(error instanceof InvalidPhoneNumberError)) throw error;
    return { ...base, phoneNumber: phone, failure: error.message };
  }
}
