import { emailField } from '@krom/contracts/http/fields';
import { currentTraceparent } from '@krom/server-kit/telemetry';
import type { Transaction } from '@krom/server-kit/outbox';
import { parseWith } from '@krom/server-kit/validate';
import { z } from 'zod';
import type { NotificationsDb } from '../db/notifications-db.ts';
import { type EmailLogRow, emailLogs, emailMessageTypes } from '../db/schema.ts';
import { type EmailQueue, enqueueEmailDelivery } from '../jobs/email-queue.ts';

/** What sending an e-mail needs: the log, the queue and the provider's name for the row. */
export type EmailSender = { db: NotificationsDb; queue: EmailQueue; providerName: string };

const emailRequestSchema = z.object({
  to: emailField.transform((address) => address.toLowerCase()),
  subject: z.string().trim().min(1, 'An e-mail needs a subject').max(200),
  text: z.string().min(1, 'An e-mail needs a text'),
  messageType: z.enum(emailMessageTypes),
});

export type EmailRequest = z.input<typeof emailRequestSchema> & {
  userId?: string | undefined;
  /** The text without its secret, kept in the log once delivery ends. */
  redactedText?: string | undefined;
};

/** Records an e-mail as pending inside `db` (a transaction, when the caller has one); a bad address is a 400. */
export async function recordEmail(db: NotificationsDb | Transaction, provider: string, request: EmailRequest): Promise<EmailLogRow> {
  const valid = parseWith(emailRequestSchema, request);
  const [row] = await db
    .insert(emailLogs)
    .values({ email: valid.to, subject: valid.subject, text: valid.text, messageType: valid.messageType, provider, userId: request.userId, redactedText: request.redactedText })
    .returning();
  if (!row) throw new Error('email_logs insert returned no row');
  return row;
}

/**
 * Sends an e-mail from anywhere in the service: records it as pending and queues its delivery;
 * the worker moves it to sent or failed. An address that is not one is refused with a 400.
 */
export async function queueEmail(sender: EmailSender, request: EmailRequest): Promise<EmailLogRow> {
  const row = await recordEmail(sender.db, sender.providerName, request);
  await enqueueEmailDelivery(sender.queue, row.id, currentTraceparent());
  return row;
}
