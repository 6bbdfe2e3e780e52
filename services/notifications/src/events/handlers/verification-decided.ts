import { type VerificationDecided, verificationDecided } from '@krom/contracts/events/identity';
import type { EventEnvelope } from '@krom/contracts/envelope';
import { type EventRule, envelopeReader } from '@krom/server-kit/consumer';
import { createNotification } from '../../notifications/create-notification.ts';
import { deliverNotice, type NoticeSenders } from '../../notifications/deliver-notice.ts';
import { verificationDecidedNotice, verificationDecidedSmsText } from '../../notifications/verification-notices.ts';
import { recordSms, type SmsRecord, smsAtKnownPhone } from '../../sms/record-sms.ts';
import { findKnownUser, takesNoticeSms } from '../../users/known-users.ts';

/** Reads a raw verification.decided envelope as this service understands it (also what its message pact checks). */
export const readVerificationDecided = envelopeReader(verificationDecided);

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
 * commit) and an SMS to the account's phone, both written in one transaction once per event; the
 * SMS passes the per-number caps like every other message and is queued after commit
 * (deliver-notice.ts). A deleted account gets nothing; an account this service never heard of (no
 * user.registered seen) gets the notification only, as does one whose member turned SMS off.
 */
export function handleVerificationDecided(senders: NoticeSenders): EventRule<VerificationDecided> {
  return deliverNotice(senders, {
    record: async (tx, envelope) => {
      const { userId } = envelope.data;
      const known = await findKnownUser(tx, userId);
      if (known?.deletedAt) return {};
      await createNotification(tx, { userId, ...verificationDecidedNotice(envelope.data), sourceEventId: envelope.id });
      if (!known?.phone || !takesNoticeSms(known)) return {};
      return { sms: await recordSms(tx, decisionSmsRecord(envelope, known.phone, senders.sms.providerName), senders.sms.limits) };
    },
  });
}
