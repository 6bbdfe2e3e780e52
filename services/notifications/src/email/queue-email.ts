import { emailField } from '@krom/contracts/http/fields';
import { currentTraceparent } from '@krom/server-kit/telemetry';
import type { Transaction } from '@krom/server-kit/outbox';
import { parseWith } from '@krom/server-kit/validate';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import type { NotificationsDb } from '../db/notifications-db.ts';
import { type EmailLogRow, emailLogs, emailMessageTypes } from '../db/schema.ts';
import { type EmailQueue, enqueueEmailDelivery } from '../jobs/queues/email-queue.ts';
import { destinationCapReached, lockDestination, type MessageLimits } from '../messages/destination-cap.ts';

/** What sending an e-mail needs: the log, the queue and the provider's name for the row. */
export type EmailSender = { db: NotificationsDb; queue: EmailQueue; providerName: string; limits: MessageLimits };

const emailRequestSchema = z.object({
  to: emailField.transform((address) => address.toLowerCase()),
  subject: z.string().trim().min(1, 'An e-mail needs a subject').max(200),
  text: z.string().min(1, 'An e-mail needs a text'),
  messageType: z.enum(emailMessageTypes),
});

export type EmailRequest = z.input<typeof emailRequestSchema> & {
  userId?: string | undefined;
  /** What asked for the e-mail: a second request from the same source returns the first one's row. */
  sourceEventId?: string | undefined;
  /** The text without its secret, kept in the log once delivery ends. */
  redactedText?: string | undefined;
};

/**
 * Records an e-mail as pending inside `db` (a transaction, when the caller has one); a bad address
 * is a 400. An address past its hourly or daily cap of messages other than codes gets a 'suppressed' row instead: never queued.
 * With a source event id, a second call for the same source returns the row the first one wrote.
 */
export async function recordEmail(db: NotificationsDb | Transaction, provider: string, request: EmailRequest, limits: MessageLimits): Promise<EmailLogRow> {
  const valid = parseWith(emailRequestSchema, request);
  return db.transaction(async (tx) => {
    await lockDestination(tx, 'email', valid.to);
    const reached = await destinationCapReached(tx, 'email', valid.to, valid.messageType, limits);
    const [row] = await tx
      .insert(emailLogs)
      .values({
        email: valid.to,
        subject: valid.subject,
        text: reached && request.redactedText ? request.redactedText : valid.text,
        messageType: valid.messageType,
        provider,
        userId: request.userId,
        sourceEventId: request.sourceEventId,
        redactedText: reached ? null : request.redactedText,
        createdAt: limits.clock(),
        ...(reached ? { status: 'suppressed' as const, error: reached.reason } : {}),
      })
      .onConflictDoNothing({ target: emailLogs.sourceEventId })
      .returning();
    if (row) return row;
    const existing = request.sourceEventId ? await findEmailForEvent(tx, request.sourceEventId) : undefined;
    if (!existing) throw new Error('email_logs insert returned no row');
    return existing;
  });
}

export async function findEmailForEvent(db: NotificationsDb | Transaction, sourceEventId: string): Promise<EmailLogRow | undefined> {
  const [row] = await db.select().from(emailLogs).where(eq(emailLogs.sourceEventId, sourceEventId));
  return row;
}

/**
 * Sends an e-mail from anywhere in the service: records it as pending and queues its delivery;
 * the worker moves it to sent or failed. An address that is not one is refused with a 400; one
 * past its cap is recorded as suppressed and not queued.
 */
export async function queueEmail(sender: EmailSender, request: EmailRequest): Promise<EmailLogRow> {
  const row = await recordEmail(sender.db, sender.providerName, request, sender.limits);
  if (row.status === 'pending') await enqueueEmailDelivery(sender.queue, row.id, currentTraceparent());
  return row;
}
