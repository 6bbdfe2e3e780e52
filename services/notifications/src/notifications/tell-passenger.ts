import { emailField } from '@krom/contracts/http/fields';
import type { Transaction } from '@krom/server-kit/outbox';
import type { EmailLogRow, SmsLogRow } from '../db/schema.ts';
import { type EmailSender, findEmailForEvent, recordEmail } from '../email/queue-email.ts';
import { enqueueEmailDelivery } from '../jobs/queues/email-queue.ts';
import { enqueueSmsDelivery } from '../jobs/queues/sms-queue.ts';
import type { SmsSender } from '../sms/queue-sms.ts';
import { findSmsForEvent, recordSms, type SmsMessageType, smsAtKnownPhone } from '../sms/record-sms.ts';
import { findKnownUser, takesNoticeSms, takesRideReminders } from '../users/known-users.ts';
import { createNotification, type NewNotification } from './create-notification.ts';

/*
 * Telling a member about a ride (a match, a change) or a booking: always in the app, by SMS and
 * e-mail as asked, all recorded in the handler's transaction under one key (the notification's,
 * SMS's and e-mail's source_event_id), queued after commit.
 */

export type PassengerNews = {
  passengerId: string;
  /** The id the notification, SMS and e-mail are recorded under: one of each per key. */
  key: string;
  notice: Pick<NewNotification, 'type' | 'title' | 'message' | 'data' | 'actionRequired'>;
  smsText: string;
  /** The id the SMS is recorded under when not `key`: one SMS for news two events may bring (a payment that failed, the hold it ended). */
  smsKey?: string | undefined;
  /** The number to text instead of the one the account registered (a booking's: the phone given on its form). */
  smsTo?: string | undefined;
  /** `notification` unless said (the e-ticket is a `booking_confirmation`). */
  smsType?: SmsMessageType | undefined;
  email?: { subject: string; text: string } | undefined;
  notifyBySMS: boolean;
  notifyByEmail: boolean;
  /** A ride reminder: not told at all (neither in the app nor by SMS) to a member who turned ride reminders off. */
  reminder?: boolean | undefined;
  /** Whether the passenger may still be told (a daily bound on notices); absent: always. */
  allowed?: (tx: Transaction) => Promise<boolean>;
};

export type RecordedNews = { sms?: SmsLogRow | undefined; email?: EmailLogRow | undefined };

/**
 * Records the news for the passenger in `tx`: nothing for a deleted account, a reminder to one who
 * turned ride reminders off (`known_users.ride_reminders`) or one past its bound (`allowed`); the notification only for an account never heard of (no phone or address); no
 * SMS when the member turned SMS off (`known_users.sms_notifications`); the messages pass the
 * per-destination caps.
 */
export async function recordPassengerNews(tx: Transaction, sms: SmsSender, email: EmailSender, news: PassengerNews): Promise<RecordedNews> {
  const known = await findKnownUser(tx, news.passengerId);
  if (known?.deletedAt) return {};
  if (news.reminder && !takesRideReminders(known)) return {};
  if (news.allowed && !(await news.allowed(tx))) return {};
  const recorded: RecordedNews = {};
  await createNotification(tx, { userId: news.passengerId, ...news.notice, sourceEventId: news.key });
  const phone = news.smsTo ?? known?.phone;
  // The member's own choice wins, also for a number typed on a booking form: the e-ticket is theirs.
  if (news.notifyBySMS && phone && takesNoticeSms(known)) {
    const record = smsAtKnownPhone(phone, { message: news.smsText, messageType: news.smsType ?? 'notification', provider: sms.providerName, sourceEventId: news.smsKey ?? news.key, userId: news.passengerId });
    recorded.sms = await recordSms(tx, record, sms.limits);
  }
  // identity checked the address at registration; one that no longer parses is treated as none rather than retried forever.
  if (news.notifyByEmail && news.email && known?.email && emailField.safeParse(known.email).success) {
    recorded.email = await recordEmail(
      tx,
      email.providerName,
      { to: known.email, ...news.email, messageType: 'notification', userId: news.passengerId, sourceEventId: news.key },
      email.limits,
    );
  }
  return recorded;
}

/** The rows recorded under `key` by an earlier run (a redelivery finds them to queue what is still pending). */
export async function recordedNews(sms: SmsSender, email: EmailSender, key: string): Promise<RecordedNews> {
  return { sms: await findSmsForEvent(sms.db, key), email: await findEmailForEvent(email.db, key) };
}

/** Queues what is still pending after commit; the job id being the row id keeps a message to one job. */
export async function queuePendingNews(sms: SmsSender, email: EmailSender, recorded: RecordedNews, traceparent: string | undefined): Promise<void> {
  if (recorded.sms?.status === 'pending') await enqueueSmsDelivery(sms.queue, recorded.sms.id, traceparent);
  if (recorded.email?.status === 'pending') await enqueueEmailDelivery(email.queue, recorded.email.id, traceparent);
}
