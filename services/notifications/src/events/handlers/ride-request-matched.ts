import { createHash } from 'node:crypto';
import { type RideRequestMatched, rideRequestMatched } from '@krom/contracts/events/rides';
import { type EventEnvelope, eventEnvelopeSchema } from '@krom/contracts/envelope';
import { emailField } from '@krom/contracts/http/fields';
import { handleOnce } from '@krom/server-kit/outbox';
import { currentTraceparent } from '@krom/server-kit/telemetry';
import type { EmailLogRow, SmsLogRow } from '../../db/schema.ts';
import { type EmailSender, findEmailForEvent, recordEmail } from '../../email/queue-email.ts';
import { enqueueEmailDelivery } from '../../jobs/email-queue.ts';
import { enqueueSmsDelivery } from '../../jobs/sms-queue.ts';
import { createNotification } from '../../notifications/create-notification.ts';
import { type MatchNoticeBounds, matchNoticeAllowed } from '../../notifications/match-notice-bounds.ts';
import { rideMatchEmail, rideMatchNotice, rideMatchSmsText } from '../../notifications/ride-match-notices.ts';
import { InvalidPhoneNumberError, toGhanaE164 } from '../../sms/phone-number.ts';
import type { SmsSender } from '../../sms/queue-sms.ts';
import { findSmsForEvent, recordSms, type SmsRecord } from '../../sms/record-sms.ts';
import { findKnownUser } from '../../users/known-users.ts';
import { inConsumerSpan } from '../consumer-span.ts';

const rideRequestMatchedEnvelope = eventEnvelopeSchema(rideRequestMatched.schema);

/** Reads a raw ride_request.matched envelope as this service understands it (also what its message pact checks). */
export function readRideRequestMatched(raw: unknown): EventEnvelope<RideRequestMatched> {
  return rideRequestMatchedEnvelope.parse(raw);
}

// Fixed namespace of the match keys (a UUID v5 namespace; any constant would do, this one must not change).
const MATCH_NAMESPACE = Buffer.from('5d0c6f0e8a4b4c1f9e2a7b3c4d5e6f70', 'hex');

/**
 * The id a match is handled and logged under: a UUID (v5) derived from the request and the ride,
 * so the same match told twice, under two event ids, still notifies the passenger once.
 */
export function rideMatchKey(match: Pick<RideRequestMatched, 'requestId' | 'rideId'>): string {
  const hash = createHash('sha1').update(MATCH_NAMESPACE).update(`${match.requestId}:${match.rideId}`).digest();
  hash[6] = (hash[6]! & 0x0f) | 0x50;
  hash[8] = (hash[8]! & 0x3f) | 0x80;
  const hex = hash.subarray(0, 16).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** The SMS row for a match, at the passenger's number; a number no provider can dial becomes a failed row with the reason. */
export function rideMatchSmsRecord(match: RideRequestMatched, phone: string, provider: string): SmsRecord {
  const base = { message: rideMatchSmsText(match), messageType: 'notification' as const, provider, sourceEventId: rideMatchKey(match), userId: match.passengerId };
  try {
    return { ...base, phoneNumber: toGhanaE164(phone) };
  } catch (error) {
    if (!(error instanceof InvalidPhoneNumberError)) throw error;
    return { ...base, phoneNumber: phone, failure: error.message };
  }
}

/**
 * krom.rides.ride_request.matched.v1 → an in-app notification to the passenger (which reaches
 * their open streams on commit), plus an SMS to their phone when the request asks for SMS and an
 * e-mail to their address when it asks for e-mail, all written in one transaction once per match
 * (handleOnce under the match key, which also keys the SMS and e-mail rows); the messages pass the
 * per-destination caps and are queued after commit. A redelivery re-queues a message still
 * pending (the first run may have stopped between commit and queueing); the job id being the row
 * id keeps that to one. A deleted account gets nothing; an account this service never heard of
 * (no user.registered seen, so no phone or address) gets the in-app notification only. A
 * passenger already told of the driver's rides, or of matches in all, as often as the daily
 * bounds allow is told nothing more (the match stays on the request's page in rides).
 */
export function handleRideRequestMatched(
  sms: SmsSender,
  email: EmailSender,
  bounds: MatchNoticeBounds,
): (envelope: EventEnvelope<RideRequestMatched>) => Promise<void> {
  return (envelope) =>
    inConsumerSpan(envelope, async () => {
      const match = envelope.data;
      const key = rideMatchKey(match);
      let smsRow: SmsLogRow | undefined;
      let emailRow: EmailLogRow | undefined;
      const firstTime = await handleOnce(sms.db, { ...envelope, id: key }, async (tx) => {
        const known = await findKnownUser(tx, match.passengerId);
        if (known?.deletedAt) return;
        if (!(await matchNoticeAllowed(tx, match, bounds))) return;
        await createNotification(tx, { userId: match.passengerId, ...rideMatchNotice(match), sourceEventId: key });
        if (match.notifyBySMS && known?.phone) smsRow = await recordSms(tx, rideMatchSmsRecord(match, known.phone, sms.providerName), sms.limits);
        // identity checked the address at registration; one that no longer parses is treated as none rather than retried forever.
        if (match.notifyByEmail && known?.email && emailField.safeParse(known.email).success) {
          emailRow = await recordEmail(tx, email.providerName, { to: known.email, ...rideMatchEmail(match), messageType: 'notification', userId: match.passengerId, sourceEventId: key }, email.limits);
        }
      });
      if (!firstTime) {
        smsRow = await findSmsForEvent(sms.db, key);
        emailRow = await findEmailForEvent(email.db, key);
      }
      // Without a tracer registered there is no active span; the envelope's trace still carries on.
      const traceparent = currentTraceparent() ?? envelope.traceparent;
      if (smsRow?.status === 'pending') await enqueueSmsDelivery(sms.queue, smsRow.id, traceparent);
      if (emailRow?.status === 'pending') await enqueueEmailDelivery(email.queue, emailRow.id, traceparent);
    });
}
