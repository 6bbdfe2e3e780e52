import type { RideChanged } from '@krom/contracts/events/rides';
import { luggageSizes } from '@krom/contracts/http/ride-preference-values';
import { gsmLength, inGsmAlphabet, SMS_SEGMENT_LENGTH, fitTwoNamesInSegment } from '../sms/sms-segment.ts';
import { passengerBookingsLink } from './booking-notices.ts';
import type { NewNotification } from './create-notification.ts';
import { rideDateText } from './ride-wording.ts';

/*
 * The words a passenger who booked a ride gets when its driver changes what they state of the trip
 * for the worse (rides names them in ride.changed's `bookedPassengerIds`). Only what got worse is
 * news: smoking or pets now allowed, a smaller bag, no more air conditioning, the back seat no
 * longer held to two. An improvement, or a ride that stated nothing before, tells nobody.
 *
 * No rule gives a full refund for a driver's change of preferences: a passenger who cancels is
 * refunded by the usual policy (payments' refund-policy.ts), so the words promise none.
 */

type Notice = Pick<NewNotification, 'type' | 'title' | 'message' | 'data' | 'actionRequired'>;
type Change = Pick<RideChanged, 'rideId' | 'fromLocation' | 'toLocation' | 'changed' | 'previous' | 'current'>;

/** The `kind` in the notice's data. */
export const BOOKED_RIDE_CHANGE_KIND = 'ride_changed';

/** Room the SMS keeps for two long place names (cut to fit) before it lists fewer changes. */
const SMS_NAMES_ROOM = 32;

/** What got worse for a passenger, as clauses in a fixed order: "smoking is now allowed". */
export function worsenedPreferences(change: Change): string[] {
  const before = change.previous.preferences;
  const after = change.current.preferences;
  // Stated nothing before: nothing was promised, so nothing got worse.
  if (!change.changed.includes('preferences') || !before || !after) return [];
  const clauses: string[] = [];
  if (after.smoking && !before.smoking) clauses.push('smoking is now allowed');
  if (after.pets && !before.pets) clauses.push('pets are now allowed');
  if (luggageSizes.indexOf(after.luggage) < luggageSizes.indexOf(before.luggage)) clauses.push(`luggage is now limited to ${after.luggage} bags (was ${before.luggage})`);
  if (before.airConditioning && !after.airConditioning) clauses.push('there is no air conditioning any more');
  if (before.maxTwoInBack && !after.maxTwoInBack) clauses.push('the back seat is no longer limited to two passengers');
  return clauses;
}

/** Whether the passengers who booked are told of the change: the ride still runs and something got worse for them. */
export const bookedRideChangeIsNews = (change: Change) => change.current.status === 'active' && worsenedPreferences(change).length > 0;

const ride = (from: string, to: string, change: Change) => `${from} to ${to} ride on ${rideDateText(change.current.departureDate)}`;

/** The notice under the bell, in the Bookings tab, linking to the passenger's bookings. */
export function bookedRideChangeNotice(change: Change): Notice {
  return {
    type: 'booking',
    title: 'Your booked ride changed',
    message: `Your ${ride(change.fromLocation.trim(), change.toLocation.trim(), change)} has changed: ${worsenedPreferences(change).join(', ')}. Open your booking in My Rides to see it.`,
    actionRequired: false,
    data: { kind: BOOKED_RIDE_CHANGE_KIND, rideId: change.rideId, link: passengerBookingsLink },
  };
}

/**
 * The same by SMS, in one segment (GSM characters): every change when they fit beside the whole
 * names, else the most that fit and "and 2 more"; when even one does not, long names are cut.
 */
export function bookedRideChangeSmsText(change: Change): string {
  const clauses = worsenedPreferences(change);
  const from = inGsmAlphabet(change.fromLocation.trim());
  const to = inGsmAlphabet(change.toLocation.trim());
  const write = (shown: number) => (a: string, b: string) =>
    `Krom: Your ${ride(a, b, change)} has changed: ${clauses.slice(0, shown).join(', ')}${shown < clauses.length ? `, and ${clauses.length - shown} more` : ''}. Open Krom to see your booking.`;
  const fits = (text: string, room = 0) => (gsmLength(text) ?? [...text].length) <= SMS_SEGMENT_LENGTH - room;
  for (let shown = clauses.length; shown >= 1; shown -= 1) {
    const whole = write(shown)(from, to);
    if (fits(whole)) return whole;
  }
  let shown = clauses.length;
  while (shown > 1 && !fits(write(shown)('', ''), SMS_NAMES_ROOM)) shown -= 1;
  return fitTwoNamesInSegment(from, to, write(shown));
}
