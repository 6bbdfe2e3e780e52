import { type BookingFact, type BookingFactName, bookingEvents } from '@krom/contracts/events/bookings';
import { type EventRule, envelopeReader } from '@krom/server-kit/consumer';
import { derivedEventId } from '@krom/server-kit/derived-event-id';
import { type BookingMessage, bookingMessages } from '../../notifications/booking-notices.ts';
import { deliverNotice, type NoticeSenders } from '../../notifications/deliver-notice.ts';
import { recordPassengerNews } from '../../notifications/tell-passenger.ts';

/** Reads a raw booking.<fact> envelope as this service understands it (also what its message pacts check). */
export const readBookingFact = (fact: BookingFactName) => envelopeReader(bookingEvents[fact]);

// Fixed namespace of the booking keys (a UUID v5 namespace; this one must not change).
const BOOKING_NAMESPACE = Buffer.from('4f1c8e2a7b3d4c5e9a6b1d2c3e4f5a6b', 'hex');

/** The id a fact of a booking (its version: +1 on every transition) is handled under, whatever event id it came with. */
const bookingFactKey = (booking: Pick<BookingFact, 'bookingId' | 'version'>) => derivedEventId(BOOKING_NAMESPACE, `${booking.bookingId}:${booking.version}`);

/** The id one side's notice and SMS of a fact are recorded under. */
const bookingSideKey = (booking: Pick<BookingFact, 'bookingId' | 'version'>, side: BookingMessage['to']) =>
  derivedEventId(BOOKING_NAMESPACE, `${booking.bookingId}:${booking.version}:${side}`);

/**
 * krom.rides.booking.<fact>.v1 → each side the fact concerns gets its in-app notice and, for what
 * matters away from the app, an SMS (booking-notices.ts): the passenger's at the phone given on the
 * booking (the e-ticket goes where the passenger said) except news of their mobile money payment,
 * which goes where payments' texts go, to the number they registered; the driver's at theirs.
 * All in one transaction, once per fact of the booking (under the booking and its version, so the
 * same fact under a new event id tells nobody again); messages pass the per-number caps and are
 * queued after commit (deliver-notice.ts). A deleted account gets nothing.
 */
export function handleBookingFact(senders: NoticeSenders, fact: BookingFactName): EventRule<BookingFact> {
  return deliverNotice(senders, {
    key: (envelope) => bookingFactKey(envelope.data),
    messageKeys: ({ data: booking }) => bookingMessages(fact, booking).map((message) => message.smsKey ?? bookingSideKey(booking, message.to)),
    record: async (tx, { data: booking }) => {
      const recorded = [];
      for (const message of bookingMessages(fact, booking)) {
        recorded.push(
          await recordPassengerNews(tx, senders.sms, senders.email, {
            passengerId: message.to === 'passenger' ? booking.passengerId : booking.driverId,
            key: bookingSideKey(booking, message.to),
            smsKey: message.smsKey,
            notice: message.notice,
            smsText: message.sms?.text ?? '',
            smsType: message.sms?.messageType,
            smsTo: message.to === 'passenger' && !message.aboutPayment ? booking.passengerPhone : undefined,
            notifyBySMS: message.sms !== undefined,
            notifyByEmail: false,
          }),
        );
      }
      return recorded;
    },
  });
}
