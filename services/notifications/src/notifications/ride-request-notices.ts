import type { RideRequestExpired, RideRequestInvited } from '@krom/contracts/events/rides';
import { inGsmAlphabet, shortened } from '../sms/sms-segment.ts';
import type { NewNotification } from './create-notification.ts';
import { priceText, rideDateText, rideLink, seatCount, twelveHourTime } from './ride-wording.ts';

/*
 * A passenger's ride request answered by time or by a driver: a driver invites them to book a ride
 * the request fits (in the app and by SMS, with the ride's link), or the request expired unanswered
 * (in the app).
 */

type Notice = Pick<NewNotification, 'type' | 'title' | 'message' | 'data' | 'actionRequired'>;
type Invitation = Pick<
  RideRequestInvited,
  'requestId' | 'rideId' | 'driverId' | 'driverFirstName' | 'fromLocation' | 'toLocation' | 'departureDate' | 'departureTime' | 'seats' | 'pricePerSeat' | 'currency'
>;

const when = (invite: Invitation) => `${rideDateText(invite.departureDate)} at ${twelveHourTime(invite.departureTime)}`;

/** Under the bell, in Ride Requests; the link opens the ride, where the passenger books. */
export function rideInvitationNotice(invite: Invitation): Notice {
  return {
    type: 'ride_request',
    title: `${invite.driverFirstName.trim()} invites you to book a ride`,
    message:
      `${invite.driverFirstName.trim()} accepted your request: ${invite.fromLocation.trim()} to ${invite.toLocation.trim()} on ${when(invite)}, ` +
      `${priceText(invite.pricePerSeat, invite.currency)} a seat. Book ${seatCount(invite.seats)} from the ride's page.`,
    actionRequired: false,
    data: { kind: 'invitation', requestId: invite.requestId, rideId: invite.rideId, driverId: invite.driverId, link: rideLink(invite.rideId) },
  };
}

/** GSM characters only (the price by its code), places cut short, and the ride's link to book it. */
export function rideInvitationSmsText(invite: Invitation, publicOrigin: string): string {
  const place = (name: string) => shortened(inGsmAlphabet(name.trim()), 20);
  return (
    `Krom: ${shortened(inGsmAlphabet(invite.driverFirstName.trim()), 15)} invites you to book ${place(invite.fromLocation)} to ${place(invite.toLocation)}, ` +
    `${when(invite)}, ${priceText(invite.pricePerSeat, invite.currency, 'code')}/seat. Book: ${publicOrigin}${rideLink(invite.rideId)}`
  );
}

type Expiry = Pick<RideRequestExpired, 'requestId' | 'fromLocation' | 'toLocation' | 'preferredDepartureDate'>;

/** The request's day passed (or its lifetime) with no ride booked: it is matched no more; they may ask again. */
export function rideRequestExpiredNotice(expiry: Expiry): Notice {
  const day = expiry.preferredDepartureDate ? ` for ${rideDateText(expiry.preferredDepartureDate)}` : '';
  return {
    type: 'ride_request',
    title: 'Your ride request expired',
    message: `Your request for a ride from ${expiry.fromLocation.trim()} to ${expiry.toLocation.trim()}${day} has expired. Search again or make a new request.`,
    actionRequired: false,
    data: { kind: 'expired', requestId: expiry.requestId, link: '/find-ride' },
  };
}
