import { type TripSharedWithContact, tripSharedWithContact } from '@krom/contracts/events/trip-shares';
import { type EventRule, envelopeReader } from '@krom/server-kit/consumer';
import { deliverNotice, type NoticeSenders } from '../../notifications/deliver-notice.ts';
import { tripContactSms } from '../../notifications/trip-contact-sms.ts';
import { recordSms, smsAtKnownPhone } from '../../sms/record-sms.ts';

/** Reads a raw trip.shared_with_contact envelope as this service understands it (also what its message pact checks). */
export const readTripSharedWithContact = envelopeReader(tripSharedWithContact);

/**
 * krom.rides.trip.shared_with_contact.v1 → the passenger's emergency contact is texted the trip
 * link, once per event. The passenger asked for it (on sharing, or with the emergency button),
 * so their own SMS setting, which is about texts to them, does not hold it back; the per-number
 * caps do. Recorded under the passenger, so their account's deletion finds it.
 */
export function handleTripSharedWithContact(senders: NoticeSenders, siteUrl: string): EventRule<TripSharedWithContact> {
  return deliverNotice(senders, {
    record: async (tx, { id, data: trip }) => {
      const record = smsAtKnownPhone(trip.contactPhone, {
        message: tripContactSms(trip, siteUrl),
        messageType: 'notification',
        provider: senders.sms.providerName,
        sourceEventId: id,
        userId: trip.passengerId,
      });
      return { sms: await recordSms(tx, record, senders.sms.limits) };
    },
  });
}
