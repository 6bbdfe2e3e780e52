import { type MessageSent, messageSent } from '@krom/contracts/events/messages';
import { type EventRule, envelopeReader } from '@krom/server-kit/consumer';
import type { Transaction } from '@krom/server-kit/outbox';
import { sql } from 'drizzle-orm';
import { createNotification } from '../../notifications/create-notification.ts';
import { deliverNotice, type NoticeSenders } from '../../notifications/deliver-notice.ts';
import { recordSms, smsAtKnownPhone } from '../../sms/record-sms.ts';
import { findKnownUser, takesNoticeSms } from '../../users/known-users.ts';

/** Reads a raw message.sent envelope as this service understands it. */
export const readMessageSent = envelopeReader(messageSent);

/** At most one SMS nudge per conversation and recipient in this long. */
export const messageNudgeIntervalMs = 60 * 60 * 1000;

/** Whether the member has the app open now (notification-stream-hub.ts: an open notification stream). */
export type Watching = { isWatching(userId: string): boolean };

export const messageSmsText = (message: Pick<MessageSent, 'senderFirstName' | 'fromLocation' | 'toLocation'>) =>
  `Krom: New message from ${message.senderFirstName} about your ${message.fromLocation} to ${message.toLocation} ride. Open Krom to reply.`;

/**
 * Takes the conversation's nudge for `at` when the last one is an hour or more before it (or there
 * was none): true when this message may be texted. Judged by the messages' sent times, so a
 * redelivered or late event is judged by when its message was written, not when it arrived.
 */
async function takeNudge(tx: Transaction, message: MessageSent): Promise<boolean> {
  const { rows } = await tx.execute(sql`
    INSERT INTO message_nudges (conversation_id, recipient_id, nudged_at)
    VALUES (${message.conversationId}, ${message.recipientId}, ${message.sentAt}::timestamptz)
    ON CONFLICT (conversation_id, recipient_id) DO UPDATE SET nudged_at = EXCLUDED.nudged_at
      WHERE message_nudges.nudged_at <= EXCLUDED.nudged_at - make_interval(secs => ${messageNudgeIntervalMs / 1000})
    RETURNING 1`);
  return rows.length > 0;
}

/**
 * krom.rides.message.sent.v1 → an in-app notification to the recipient (reaching their open
 * streams on commit, so the header updates live), and, only when they do not have the app open
 * (no notification stream of theirs is open), an SMS nudge: at most one an hour per conversation,
 * never when they turned notice SMS off, never to a deleted account.
 */
export function handleMessageSent(senders: NoticeSenders, watching: Watching): EventRule<MessageSent> {
  return deliverNotice(senders, {
    record: async (tx, { id, data: message }) => {
      const known = await findKnownUser(tx, message.recipientId);
      if (known?.deletedAt) return {};
      await createNotification(tx, {
        userId: message.recipientId,
        type: 'system',
        title: `New message from ${message.senderFirstName}`,
        message: message.preview,
        data: { conversationId: message.conversationId, rideId: message.rideId, messageId: message.messageId },
        sourceEventId: id,
      });
      if (watching.isWatching(message.recipientId) || !known?.phone || !takesNoticeSms(known)) return {};
      if (!(await takeNudge(tx, message))) return {};
      const record = smsAtKnownPhone(known.phone, {
        message: messageSmsText(message),
        messageType: 'notification',
        provider: senders.sms.providerName,
        sourceEventId: id,
        userId: message.recipientId,
      });
      return { sms: await recordSms(tx, record, senders.sms.limits) };
    },
  });
}
