import { type VerificationDecided, verificationDecided } from '@krom/contracts/events/identity';
import { type EventEnvelope, eventEnvelopeSchema } from '@krom/contracts/envelope';
import { handleOnce } from '@krom/server-kit/outbox';
import { currentTraceparent } from '@krom/server-kit/telemetry';
import type { SmsLogRow } from '../../db/schema.ts';
import { enqueueSmsDelivery } from '../../jobs/queues/sms-queue.ts';
import { createNotification } from '../../notifications/create-notification.ts';
import { verificationDecidedNotice, verificationDecidedSmsText } from '../../notifications/verification-notices.ts';
import type { SmsSender } from '../../sms/queue-sms.ts';
import { findSmsForEvent, recordSms, type SmsRecord, smsAtKnownPhone } from '../../sms/record-sms.ts';
import { findKnownUser } from '../../users/known-users.ts';
import { inConsumerSpan } from '../consumer-span.ts';

const verificationDecidedEnvelope = eventEnvelopeSchema(verificationDecided.schema);

/** Reads a raw verification.decided envelope as this service understands it (also what its message pact checks). */
export function readVerificationDecided(raw: unknown): EventEnvelope<VerificationDecided> {
  return verificationDecidedEnvelope.parse(raw);
}

/**
 * The SMS row telling the user of the decision, at the number they registered with. A number no
 * provider can dial becomes a failed row with the reason: an event cannot be answered with a 400,
 * and retrying would not make the number valid.
 */
export function decisionSmsRecord(envelope: EventEnvelope<VerificationDecided>, phone: string, provider: string): SmsRecord {
  return smsAtKnownPhone(phone, { message: verificationDecidedSmsText(envelope.data), messageType: 'notification', provider, sourceEventId: envelope.id, userId: envelope.data.userId });
}

/**
 * krom.identity.verification.decided.v1 → an in-app notification (which reaches open streams on
 * commit) and an SMS to the account's phone, both written in one transaction once per event
 * (handleOnce); the SMS passes the per-number caps like every other message and is queued after
 * commit. A redelivery re-queues an SMS still pending (the first run may have stopped between
 * commit and queueing); the job id being the row id keeps that to one SMS. A deleted account gets
 * nothing; an account this service never heard of (no user.registered seen) gets the notification only.
 */
export function handleVerificationDecided(sender: SmsSender): (envelope: EventEnvelope<VerificationDecided>) => Promise<void> {
  return (envelope) =>
    inConsumerSpan(envelope, async () => {
      let sms: SmsLogRow | undefined;
      const firstTime = await handleOnce(sender.db, envelope, async (tx) => {
        const { userId } = envelope.data;
        const known = await findKnownUser(tx, userId);
        if (known?.deletedAt) return;
        await createNotification(tx, { userId, ...verificationDecidedNotice(envelope.data), sourceEventId: envelope.id });
        if (known?.phone) sms = await recordSms(tx, decisionSmsRecord(envelope, known.phone, sender.providerName), sender.limits);
      });
      if (!firstTime) sms = await findSmsForEvent(sender.db, envelope.id);
      // Without a tracer registered there is no active span; the envelope's trace still carries on.
      if (sms?.status === 'pending') await enqueueSmsDelivery(sender.queue, sms.id, currentTraceparent() ?? envelope.traceparent);
    });
}
