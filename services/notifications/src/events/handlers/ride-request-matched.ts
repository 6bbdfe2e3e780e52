import { type RideRequestMatched, rideRequestMatched } from '@krom/contracts/events/rides';
import { type EventRule, envelopeReader } from '@krom/server-kit/consumer';
import { derivedEventId } from '@krom/server-kit/derived-event-id';
import { deliverNotice, type NoticeSenders } from '../../notifications/deliver-notice.ts';
import { type MatchNoticeBounds, matchNoticeAllowed } from '../../notifications/match-notice-bounds.ts';
import { rideMatchEmail, rideMatchNotice, rideMatchSmsText } from '../../notifications/ride-match-notices.ts';
import { recordPassengerNews } from '../../notifications/tell-passenger.ts';
import { type SmsRecord, smsAtKnownPhone } from '../../sms/record-sms.ts';

/** Reads a raw ride_request.matched envelope as this service understands it (also what its message pact checks). */
export const readRideRequestMatched = envelopeReader(rideRequestMatched);

// Fixed namespace of the match keys (a UUID v5 namespace; any constant would do, this one must not change).
const MATCH_NAMESPACE = Buffer.from('5d0c6f0e8a4b4c1f9e2a7b3c4d5e6f70', 'hex');

/**
 * The id a match is handled and logged under: a UUID (v5) derived from the request and the ride,
 * so the same match told twice, under two event ids, still notifies the passenger once.
 */
export function rideMatchKey(match: Pick<RideRequestMatched, 'requestId' | 'rideId'>): string {
  return derivedEventId(MATCH_NAMESPACE, `${match.requestId}:${match.rideId}`);
}

/** The SMS row for a match, at the passenger's number; a number no provider can dial becomes a failed row with the reason. */
export function rideMatchSmsRecord(match: RideRequestMatched, phone: string, provider: string): SmsRecord {
  return smsAtKnownPhone(phone, { message: rideMatchSmsText(match), messageType: 'notification', provider, sourceEventId: rideMatchKey(match), userId: match.passengerId });
}

/**
 * krom.rides.ride_request.matched.v1 → an in-app notification to the passenger (which reaches
 * their open streams on commit), plus an SMS to their phone when the request asks for SMS and an
 * e-mail to their address when it asks for e-mail, all written in one transaction once per match
 * (under the match key, which also keys the SMS and e-mail rows); the messages pass the
 * per-destination caps and are queued after commit (deliver-notice.ts). A deleted account gets
 * nothing; an account this service never heard of (no user.registered seen, so no phone or
 * address) gets the in-app notification only. A passenger already told of the driver's rides, or
 * of matches in all, as often as the daily bounds allow is told nothing more (the match stays on
 * the request's page in rides).
 */
export function handleRideRequestMatched(senders: NoticeSenders, bounds: MatchNoticeBounds): EventRule<RideRequestMatched> {
  return deliverNotice(senders, {
    key: (envelope) => rideMatchKey(envelope.data),
    record: (tx, { data: match }) =>
      recordPassengerNews(tx, senders.sms, senders.email, {
        passengerId: match.passengerId,
        key: rideMatchKey(match),
        notice: rideMatchNotice(match),
        smsText: rideMatchSmsText(match),
        email: rideMatchEmail(match),
        notifyBySMS: match.notifyBySMS,
        notifyByEmail: match.notifyByEmail,
        allowed: (bounded) => matchNoticeAllowed(bounded, match, bounds),
      }),
  });
}
