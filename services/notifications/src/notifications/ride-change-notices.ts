import type { RideChanged } from '@krom/contracts/events/rides';
import { fitTwoNamesInSegment, inGsmAlphabet } from '../sms/sms-segment.ts';
import type { NewNotification } from './create-notification.ts';
import { priceText, rideDateText, rideLink, seatCount, twelveHourTime } from './ride-wording.ts';

/*
 * The words a passenger told of a ride gets when it changes in a way that matters to them
 * (the rides service picks whom: cancelled, moved, dearer, or fewer seats than they asked for).
 */

type Notice = Pick<NewNotification, 'type' | 'title' | 'message' | 'data' | 'actionRequired'>;
type Change = Pick<RideChanged, 'rideId' | 'fromLocation' | 'toLocation' | 'currency' | 'changed' | 'previous' | 'current' | 'cancelledBy'>;
type Passenger = Pick<RideChanged['passengers'][number], 'requestId' | 'stillMatches'>;
type Terms = RideChanged['current'];

const place = (name: string) => name.trim();
const when = (terms: Terms) => `${rideDateText(terms.departureDate)} at ${twelveHourTime(terms.departureTime)}`;
const cancelled = (change: Change) => change.current.status !== 'active';
/** Krom cancelled it (the driver's account was suspended or deleted), not the driver. */
const byKrom = (change: Change) => change.cancelledBy === 'krom';
const noLongerMatches = 'It no longer matches your ride request.';

/** The `kind` in a change notice's data: the daily bounds tell change notices from match notices by it. */
export const CHANGE_NOTICE_KIND = 'change';

/** What changed that a passenger relies on, as clauses: "leaves Sat 29 Nov at 9:00 AM (was …)". */
function changeClauses(change: Change): string[] {
  const { previous, current, changed } = change;
  const clauses: string[] = [];
  if (changed.includes('departureDate') || changed.includes('departureTime')) clauses.push(`leaves ${when(current)} (was ${when(previous)})`);
  if (changed.includes('pricePerSeat')) {
    clauses.push(`costs ${priceText(current.pricePerSeat, change.currency)} a seat (was ${priceText(previous.pricePerSeat, change.currency)})`);
  }
  if (changed.includes('availableSeats')) clauses.push(`has ${seatCount(current.availableSeats)} free (was ${previous.availableSeats})`);
  // Told only to those who may not book it (rides' ride-changes.ts): it no longer suits them.
  if (changed.includes('womenOnly') && current.womenOnly) clauses.push('is for women only');
  return clauses;
}

/**
 * Whether the change is news a passenger told of the ride can be told in words: cancelled, or a
 * clause to say. A change of nothing they rely on (the description, the preferences) has none, and
 * is told to none of them (the passengers who booked hear of worse preferences: booked-ride-change-notices.ts).
 */
export const rideChangeIsNews = (change: Change) => cancelled(change) || changeClauses(change).length > 0;

const listed = (clauses: string[]) => (clauses.length <= 1 ? clauses.join('') : `${clauses.slice(0, -1).join(', ')} and ${clauses.at(-1)}`);

/** The notice under the bell, in the Ride Requests tab, linking to the ride. */
export function rideChangeNotice(change: Change, passenger: Passenger): Notice {
  const route = `The ride from ${place(change.fromLocation)} to ${place(change.toLocation)}`;
  const base = { type: 'ride_request' as const, actionRequired: false, data: { kind: CHANGE_NOTICE_KIND, requestId: passenger.requestId, rideId: change.rideId, link: rideLink(change.rideId) } };
  if (cancelled(change)) {
    return { ...base, title: 'A ride you were told about was cancelled', message: `${route} on ${when(change.previous)} was cancelled by ${byKrom(change) ? 'Krom' : 'its driver'}.` };
  }
  const message = `${route} now ${listed(changeClauses(change))}.${passenger.stillMatches ? '' : ` ${noLongerMatches}`}`;
  return { ...base, title: 'A ride you were told about changed', message };
}

/** The same by SMS, in one segment (GSM characters, the price by its code, long names cut): the ride as it is now. */
export function rideChangeSmsText(change: Change, passenger: Passenger): string {
  const from = inGsmAlphabet(place(change.fromLocation));
  const to = inGsmAlphabet(place(change.toLocation));
  if (cancelled(change)) {
    const by = byKrom(change) ? 'Krom' : 'the driver';
    return fitTwoNamesInSegment(from, to, (a, b) => `Krom: your matched ride ${a} to ${b}, ${when(change.previous)}, was cancelled by ${by}.`);
  }
  const { current } = change;
  const price = priceText(current.pricePerSeat, change.currency, 'code');
  const seats = current.availableSeats === 1 ? `1 seat at ${price}` : `${current.availableSeats} seats at ${price} each`;
  const ending = passenger.stillMatches ? 'Open Krom to see it.' : 'No longer matches your request.';
  return fitTwoNamesInSegment(from, to, (a, b) => `Krom: your matched ride ${a} to ${b} changed: now ${when(current)}, ${seats}. ${ending}`);
}

/** The same by e-mail, for a request that asked for e-mail. */
export function rideChangeEmail(change: Change, passenger: Passenger): { subject: string; text: string } {
  const notice = rideChangeNotice(change, passenger);
  const next =
    cancelled(change) || !passenger.stillMatches
      ? 'Your ride request stays open: Krom tells you when another ride matches it.'
      : 'Open Krom to see the ride: it is under Notifications, in Ride Requests.';
  return {
    subject: `${notice.title} on Krom`,
    text:
      `Hello,\n\n${notice.message}\n\n${next}\n\n` +
      'You get this e-mail because your ride request asks to be told by e-mail. Cancel the request in Krom to stop hearing about it.\n\n' +
      'The Krom team\n',
  };
}
