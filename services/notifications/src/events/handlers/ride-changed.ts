import { type RideChanged, rideChanged } from '@krom/contracts/events/rides';
import { type EventRule, envelopeReader } from '@krom/server-kit/consumer';
import { derivedEventId } from '@krom/server-kit/derived-event-id';
import { bookedRideChangeIsNews, bookedRideChangeNotice, bookedRideChangeSmsText } from '../../notifications/booked-ride-change-notices.ts';
import { deliverNotice, type NoticeSenders } from '../../notifications/deliver-notice.ts';
import { rideChangeNoticeAllowed } from '../../notifications/match-notice-bounds.ts';
import { rideChangeEmail, rideChangeIsNews, rideChangeNotice, rideChangeSmsText } from '../../notifications/ride-change-notices.ts';
import { recordPassengerNews } from '../../notifications/tell-passenger.ts';

/** Reads a raw ride.changed envelope as this service understands it (also what its message pact checks). */
export const readRideChanged = envelopeReader(rideChanged);

// Fixed namespace of the change keys (a UUID v5 namespace; this one must not change).
const CHANGE_NAMESPACE = Buffer.from('9b6e2c4a1d3f4e5a8b7c6d5e4f3a2b1c', 'hex');

/** The id a change of a ride (its version) is handled under, whatever event id it came with. */
export const rideChangeKey = (change: Pick<RideChanged, 'rideId' | 'version'>) => derivedEventId(CHANGE_NAMESPACE, `${change.rideId}:${change.version}`);

/** The id one passenger's notice, SMS and e-mail of a change are recorded under. */
export const rideChangePassengerKey = (change: Pick<RideChanged, 'rideId' | 'version'>, passengerId: string) =>
  derivedEventId(CHANGE_NAMESPACE, `${change.rideId}:${change.version}:${passengerId}`);

/**
 * The id one booked passenger's notice and SMS of a change are recorded under: apart from their
 * key as a passenger told of the ride, since one member may be both (a request matched, a seat booked).
 */
export const rideChangeBookedPassengerKey = (change: Pick<RideChanged, 'rideId' | 'version'>, passengerId: string) =>
  derivedEventId(CHANGE_NAMESPACE, `${change.rideId}:${change.version}:booked:${passengerId}`);

/** The passengers a change is told to: none when it has nothing to say (a notice with no clause would read "The ride … now ."). */
const toldOf = (change: RideChanged) => (rideChangeIsNews(change) ? change.passengers : []);

/** The passengers who booked the ride told of the change: only when it got worse for them (absent from older events: none). */
const bookedToldOf = (change: RideChanged) => (bookedRideChangeIsNews(change) ? [...new Set(change.bookedPassengerIds ?? [])] : []);

/**
 * krom.rides.ride.changed.v1 → each passenger the event names (told of the ride, and the change
 * matters to them) gets an in-app notice and, as their request asks, an SMS and an e-mail, saying
 * what changed and whether the ride still matches their request; all in one transaction, once
 * per change of the ride (under the ride and version, so the same change under a new event id
 * tells nobody again), messages queued after commit (deliver-notice.ts). A deleted account gets
 * nothing, an account never heard of the notice only (tell-passenger.ts). A change with nothing
 * to say (rideChangeIsNews) tells nobody, and a passenger already told of the ride's changes
 * RIDE_CHANGE_NOTICES_PER_RIDE_DAILY times today hears no more of them but its cancellation.
 * Each passenger who booked it (`bookedPassengerIds`) gets a notice and an SMS when the driver's
 * preferences got worse for them (booked-ride-change-notices.ts), once per change as well.
 */
export function handleRideChanged(senders: NoticeSenders): EventRule<RideChanged> {
  return deliverNotice(senders, {
    key: (envelope) => rideChangeKey(envelope.data),
    messageKeys: ({ data: change }) => [
      ...toldOf(change).map((passenger) => rideChangePassengerKey(change, passenger.passengerId)),
      ...bookedToldOf(change).map((passengerId) => rideChangeBookedPassengerKey(change, passengerId)),
    ],
    record: async (tx, { data: change }) => {
      const cancelled = change.current.status !== 'active';
      const recorded = [];
      for (const passenger of toldOf(change)) {
        recorded.push(
          await recordPassengerNews(tx, senders.sms, senders.email, {
            passengerId: passenger.passengerId,
            key: rideChangePassengerKey(change, passenger.passengerId),
            notice: rideChangeNotice(change, passenger),
            smsText: rideChangeSmsText(change, passenger),
            email: rideChangeEmail(change, passenger),
            notifyBySMS: passenger.notifyBySMS,
            notifyByEmail: passenger.notifyByEmail,
            // A cancellation is told once per ride, and is news even after a day of edits.
            allowed: cancelled ? undefined : (bounded) => rideChangeNoticeAllowed(bounded, { passengerId: passenger.passengerId, rideId: change.rideId }),
          }),
        );
      }
      for (const passengerId of bookedToldOf(change)) {
        recorded.push(
          await recordPassengerNews(tx, senders.sms, senders.email, {
            passengerId,
            key: rideChangeBookedPassengerKey(change, passengerId),
            notice: bookedRideChangeNotice(change),
            smsText: bookedRideChangeSmsText(change),
            notifyBySMS: true,
            notifyByEmail: false,
          }),
        );
      }
      return recorded;
    },
  });
}
