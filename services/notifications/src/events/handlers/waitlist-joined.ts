import { type WaitlistJoined, waitlistJoined } from '@krom/contracts/events/admin';
import { type EventEnvelope, eventEnvelopeSchema } from '@krom/contracts/envelope';
import { handleOnce } from '@krom/server-kit/outbox';
import { contextFromTraceparent, currentTraceparent, SpanKind, withSpan } from '@krom/server-kit/telemetry';
import type { SmsLogRow } from '../../db/schema.ts';
import { enqueueSmsDelivery } from '../../jobs/queues/sms-queue.ts';
import { InvalidPhoneNumberError } from '../../sms/phone-number.ts';
import type { SmsSender } from '../../sms/queue-sms.ts';
import { findSmsForEvent, recordSms, type SmsRecord } from '../../sms/record-sms.ts';
import { welcomeSms, welcomeSmsText } from '../../sms/welcome-sms.ts';

const waitlistJoinedEnvelope = eventEnvelopeSchema(waitlistJoined.schema);

/** Reads a raw waitlist.joined envelope as this service understands it (also what its message pact checks). */
export function readWaitlistJoined(raw: unknown): EventEnvelope<WaitlistJoined> {
  return waitlistJoinedEnvelope.parse(raw);
}

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
 * krom.admin.waitlist.joined.v1 → a welcome SMS. The row is written once per event id (handleOnce);
 * the job is queued after commit. A redelivery re-queues a row still pending (the first run may
 * have stopped between commit and queueing); the job id being the row id keeps that to one SMS.
 */
export function handleWaitlistJoined(sender: SmsSender): (envelope: EventEnvelope<WaitlistJoined>) => Promise<void> {
  return (envelope) =>
    withSpan(
      `handle ${waitlistJoined.subject}`,
      async () => {
        let row: SmsLogRow | undefined;
        const firstTime = await handleOnce(sender.db, envelope, async (tx) => {
          row = await recordSms(tx, welcomeSmsRecord(envelope, sender.providerName), sender.limits);
        });
        if (!firstTime) row = await findSmsForEvent(sender.db, envelope.id);
        if (row?.status === 'pending') {
          // Without a tracer registered there is no active span; the envelope's trace still carries on.
          await enqueueSmsDelivery(sender.queue, row.id, currentTraceparent() ?? envelope.traceparent);
        }
      },
      {
        parent: contextFromTraceparent(envelope.traceparent),
        kind: SpanKind.CONSUMER,
        attributes: { 'messaging.system': 'nats', 'messaging.message.id': envelope.id },
      },
    );
}
