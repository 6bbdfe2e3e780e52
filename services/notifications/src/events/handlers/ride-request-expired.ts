import { type RideRequestExpired, rideRequestExpired } from '@krom/contracts/events/rides';
import { type EventRule, envelopeReader } from '@krom/server-kit/consumer';
import { deliverNotice, type NoticeSenders } from '../../notifications/deliver-notice.ts';
import { rideRequestExpiredNotice } from '../../notifications/ride-request-notices.ts';
import { recordPassengerNews } from '../../notifications/tell-passenger.ts';

/** Reads a raw ride_request.expired envelope as this service understands it (also what its message pact checks). */
export const readRideRequestExpired = envelopeReader(rideRequestExpired);

/** krom.rides.ride_request.expired.v1 → the passenger is told in the app (only), once per event; a deleted account gets nothing. */
export function handleRideRequestExpired(senders: NoticeSenders): EventRule<RideRequestExpired> {
  return deliverNotice(senders, {
    record: (tx, envelope) =>
      recordPassengerNews(tx, senders.sms, senders.email, {
        passengerId: envelope.data.passengerId,
        key: envelope.id,
        notice: rideRequestExpiredNotice(envelope.data),
        smsText: '',
        notifyBySMS: false,
        notifyByEmail: false,
      }),
  });
}
