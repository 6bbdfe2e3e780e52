import { type WaitlistJoined, waitlistJoined } from '@krom/contracts/events/admin';
import type { EventEnvelope } from '@krom/contracts/envelope';
import { type EventRule, envelopeReader } from '@krom/server-kit/consumer';
import { deliverNotice, type NoticeSenders } from '../../notifications/deliver-notice.ts';
import { InvalidPhoneNumberError } from '../../sms/phone-number.ts';
import { recordSms, type SmsRecord } from '../../sms/record-sms.ts';
import { welcomeSms, welcomeSmsText } from '../../sms/welcome-sms.ts';

/** Reads a raw waitlist.joined envelope as this service understands it (also what its message pact checks). */
export const readWaitlistJoined = envelopeReader(waitlistJoined);

/** The welcome SMS row for a sign-up; a number no provider can dial becomes a failed row, not a retry loop. */
export function welcomeSmsRecord(envelope: EventEnvelope<WaitlistJoined>, provider: string): SmsRecord {
  const base = { messageType: 'notification' as const, provider, sourceEventId: envelope.id };
  try {
    return { ...base, ...welcomeSms(envelope.data) };
  } catch (error) {
    if (!(error instanceof InvalidPhoneNumberError)) throw error;
    return { ...base, phoneNumber: envelope.data.phone, message: welcomeSmsText(envelope.data.name), failure: error.message };
  }
}

/**
 * krom.admin.waitlist.joined.v1 → a welcome SMS, its row written once per event id and queued
 * after commit (deliver-notice.ts); a redelivery queues a row still pending again, the job id being
 * the row id keeps that to one SMS.
 */
export function handleWaitlistJoined(senders: NoticeSenders): EventRule<WaitlistJoined> {
  return deliverNotice(senders, {
    record: async (tx, envelope) => ({ sms: await recordSms(tx, welcomeSmsRecord(envelope, senders.sms.providerName), senders.sms.limits) }),
  });
}
