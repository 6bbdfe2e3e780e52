import { type RideDepartingSoon, rideDepartingSoon } from '@krom/contracts/events/bookings';
import { type EventRule, envelopeReader } from '@krom/server-kit/consumer';
import { derivedEventId } from '@krom/server-kit/derived-event-id';
import { type DepartureReminder, departureReminders } from '../../notifications/departure-reminders.ts';
import { deliverNotice, type NoticeSenders } from '../../notifications/deliver-notice.ts';
import { recordPassengerNews } from '../../notifications/tell-passenger.ts';

/** Reads a raw ride.departing_soon envelope as this service understands it (also what its message pact checks). */
export const readRideDepartingSoon = envelopeReader(rideDepartingSoon);

// Fixed namespace of the reminder keys (a UUID v5 namespace; this one must not change).
const REMINDER_NAMESPACE = Buffer.from('9b2e4d6f8a1c4e3b8d5f7a9c1e3b5d7f', 'hex');

/** The id a ride's reminder is handled under (one per ride: rides sends it once), whatever event id it came with. */
const reminderKey = (ride: Pick<RideDepartingSoon, 'rideId'>) => derivedEventId(REMINDER_NAMESPACE, `${ride.rideId}:departing-soon`);
/** The id one person's reminder is recorded under: the driver's, or a passenger's by their booking. */
const personKey = (ride: Pick<RideDepartingSoon, 'rideId'>, reminder: Pick<DepartureReminder, 'key'>) =>
  derivedEventId(REMINDER_NAMESPACE, `${ride.rideId}:${reminder.key}`);

/**
 * krom.rides.ride.departing_soon.v1 → two hours before departure, every confirmed passenger and
 * the driver are reminded by SMS (the passenger at the phone given on the booking) and in the
 * app, unless they turned ride reminders off (then neither; SMS off leaves the notice). Once per
 * ride, in one transaction; the SMS pass the per-number caps (deliver-notice.ts).
 */
export function handleRideDepartingSoon(senders: NoticeSenders): EventRule<RideDepartingSoon> {
  return deliverNotice(senders, {
    key: (envelope) => reminderKey(envelope.data),
    messageKeys: ({ data: ride }) => departureReminders(ride).map((reminder) => personKey(ride, reminder)),
    record: async (tx, { data: ride }) => {
      const recorded = [];
      for (const reminder of departureReminders(ride)) {
        recorded.push(
          await recordPassengerNews(tx, senders.sms, senders.email, {
            passengerId: reminder.userId,
            key: personKey(ride, reminder),
            notice: reminder.notice,
            smsText: reminder.smsText,
            smsType: 'reminder',
            reminder: true,
            smsTo: reminder.smsTo,
            notifyBySMS: true,
            notifyByEmail: false,
          }),
        );
      }
      return recorded;
    },
  });
}
