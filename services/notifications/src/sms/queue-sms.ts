import { smsLogRequestSchema } from '@krom/contracts/http/sms';
import { HttpError } from '@krom/server-kit/errors';
import { currentTraceparent } from '@krom/server-kit/telemetry';
import { parseWith } from '@krom/server-kit/validate';
import type { NotificationsDb } from '../db/notifications-db.ts';
import type { SmsLogRow } from '../db/schema.ts';
import { enqueueSmsDelivery, type SmsQueue } from '../jobs/queues/sms-queue.ts';
import type { MessageLimits } from '../messages/destination-cap.ts';
import { InvalidPhoneNumberError, toGhanaE164 } from './phone-number.ts';
import { recordSms, type SmsMessageType, type SmsRecord } from './record-sms.ts';

/** What sending an SMS needs: the log, the queue and the provider's name for the row. */
export type SmsSender = { db: NotificationsDb; queue: SmsQueue; providerName: string; limits: MessageLimits };

export type SmsRequest = {
  phoneNumber: string;
  message: string;
  messageType: SmsMessageType;
  userId?: string | undefined;
  /** The message without its secret, kept in the log once delivery ends. */
  redactedMessage?: string | undefined;
};

/**
 * Checks an SMS request against the spec's SMS log rule and turns it into the row to record. A
 * number that is not a dialable Ghana number is refused with a 400.
 */
export function smsRecordFor(request: SmsRequest, providerName: string): SmsRecord {
  const valid = parseWith(smsLogRequestSchema, request);
  let phoneNumber: string;
  try {
    phoneNumber = toGhanaE164(valid.phoneNumber);
  } catch (error) {
    if (error instanceof InvalidPhoneNumberError) throw new HttpError(400, error.message);
    throw error;
  }
  return { ...valid, phoneNumber, provider: providerName, userId: request.userId, redactedMessage: request.redactedMessage };
}

/**
 * Sends an SMS from anywhere in the service (phone codes, booking confirmations): records it as
 * pending and queues its delivery; the worker moves it to sent or failed. A number that is not a
 * dialable Ghana number is refused with a 400 and nothing is recorded; one past its cap is
 * recorded as suppressed and not queued.
 */
export async function queueSms(sender: SmsSender, request: SmsRequest): Promise<SmsLogRow> {
  const row = await recordSms(sender.db, smsRecordFor(request, sender.providerName), sender.limits);
  if (row.status === 'pending') await enqueueSmsDelivery(sender.queue, row.id, currentTraceparent());
  return row;
}
