import { type RideRequestInvited, rideRequestInvited } from '@krom/contracts/events/rides';
import { type EventRule, envelopeReader } from '@krom/server-kit/consumer';
import { deliverNotice, type NoticeSenders } from '../../notifications/deliver-notice.ts';
import { rideInvitationNotice, rideInvitationSmsText } from '../../notifications/ride-request-notices.ts';
import { recordPassengerNews } from '../../notifications/tell-passenger.ts';

/** Reads a raw ride_request.invited envelope as this service understands it (also what its message pact checks). */
export const readRideRequestInvited = envelopeReader(rideRequestInvited);

/**
 * krom.rides.ride_request.invited.v1 → the passenger is invited to book the driver's ride: in the
 * app and by SMS (unless they turned SMS off), both with the ride's link, once per event (rides
 * writes one per request and ride); a deleted account gets nothing, one never heard of the notice
 * only (tell-passenger.ts).
 */
export function handleRideRequestInvited(senders: NoticeSenders, publicOrigin: string): EventRule<RideRequestInvited> {
  return deliverNotice(senders, {
    record: (tx, envelope) =>
      recordPassengerNews(tx, senders.sms, senders.email, {
        passengerId: envelope.data.passengerId,
        key: envelope.id,
        notice: rideInvitationNotice(envelope.data),
        smsText: rideInvitationSmsText(envelope.data, publicOrigin),
        notifyBySMS: true,
        notifyByEmail: false,
      }),
  });
}
