import type { RideRequestMatched } from '@krom/contracts/events/rides';
import { fitTwoNamesInSegment, inGsmAlphabet } from '../sms/sms-segment.ts';
import type { NewNotification } from './create-notification.ts';
import { priceText, rideDateText, rideLink, twelveHourTime } from './ride-wording.ts';

type Notice = Pick<NewNotification, 'type' | 'title' | 'message' | 'data' | 'actionRequired'>;
type Match = Pick<
  RideRequestMatched,
  'requestId' | 'rideId' | 'driverId' | 'rideCode' | 'fromLocation' | 'toLocation' | 'departureDate' | 'departureTime' | 'availableSeats' | 'pricePerSeat' | 'currency' | 'kind'
>;

/** A match of the member's saved search (not a request): worded as such, the price per seat only. */
const ofSavedSearch = (match: Match) => match.kind === 'saved_search';
const savedSearchNews = (match: Match, from: string, to: string, price: string, ending = 'Open Krom to book.') =>
  `New ride for your saved search: ${from} to ${to} on ${when(match)}, ${price}/seat. ${ending}`;

const place = (name: string) => name.trim();
const when = (match: Match) => `${rideDateText(match.departureDate)} at ${twelveHourTime(match.departureTime)}`;
const seats = (match: Match, price: string) =>
  match.availableSeats === 1 ? `1 seat at ${price}` : `${match.availableSeats} seats at ${price} each`;

/**
 * The passenger's notice under the bell, in the Ride Requests tab; for a saved search, said to be
 * one ("New ride for your saved search: …"). Not action required: that
 * flag brings Accept and Decline buttons, and there is nothing to accept; the link opens the ride.
 */
export function rideMatchNotice(match: Match): Notice {
  const price = priceText(match.pricePerSeat, match.currency);
  return {
    type: 'ride_request',
    ...(ofSavedSearch(match)
      ? { title: 'A ride matches your saved search', message: savedSearchNews(match, place(match.fromLocation), place(match.toLocation), price) }
      : {
          title: 'A ride matches your request',
          message: `A ride from ${place(match.fromLocation)} to ${place(match.toLocation)} on ${when(match)} has ${seats(match, price)}.`,
        }),
    actionRequired: false,
    // The driver's id is how the daily bound per driver (match-notice-bounds.ts) finds earlier notices of their rides.
    data: { kind: 'match', requestId: match.requestId, rideId: match.rideId, ...(match.driverId ? { driverId: match.driverId } : {}), link: rideLink(match.rideId) },
  };
}

/**
 * The same news by SMS, in one segment: GSM characters only (the price by its code, not the cedi
 * sign), long place names cut. It ends with how to book the ride by SMS, its code in it ("Reply
 * BOOK K7P2Q <seats>"; a ride matched before rides sent codes: "Open Krom to book."). No link:
 * this service knows no public address of the app, and no other SMS carries one.
 */
export function rideMatchSmsText(match: Match): string {
  const price = priceText(match.pricePerSeat, match.currency, 'code');
  const booking = match.rideCode ? `Reply BOOK ${match.rideCode} <seats>` : 'Open Krom to book.';
  return fitTwoNamesInSegment(
    inGsmAlphabet(place(match.fromLocation)),
    inGsmAlphabet(place(match.toLocation)),
    (from, to) =>
      ofSavedSearch(match)
        ? `Krom: ${savedSearchNews(match, from, to, price, booking)}`
        : `Krom: a ride matches your request. ${from} to ${to}, ${when(match)}, ${seats(match, price)}. ${booking}`,
  );
}

/** The same news by e-mail, for a request that asked for e-mail (a saved search never does). */
export function rideMatchEmail(match: Match): { subject: string; text: string } {
  return {
    subject: 'A ride matches your Krom ride request',
    text:
      `Hello,\n\nA ride matches your Krom ride request: ${place(match.fromLocation)} to ${place(match.toLocation)} on ${when(match)}, ` +
      `${seats(match, priceText(match.pricePerSeat, match.currency))}.\n\n` +
      'Open Krom to see the ride and book a seat: it is under Notifications, in Ride Requests.\n\n' +
      'You get this e-mail because your ride request asks to be told by e-mail. Cancel the request in Krom to stop hearing about it.\n\n' +
      'The Krom team\n',
  };
}
