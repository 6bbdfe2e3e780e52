import type { SmsCommandAnswer } from '@krom/contracts/events/sms-commands';
import { formatNoticeDate } from '@krom/contracts/ghana-time';
import { priceText, seatCount } from '../notifications/ride-wording.ts';
import { gsmLength, inGsmAlphabet, shortened, smsSegments } from '../sms/sms-segment.ts';

/*
 * Rides' answers to SMS commands (`sms_command.answered`) in words, in GSM characters (GHS, not
 * the cedi sign, which would make the text Unicode and a segment 70 characters) and at most two
 * segments: a list keeps the rides or bookings that fit, soonest first.
 */

export const MAX_ANSWER_SEGMENTS = 2;

/** `Fri 4 Dec 06:30` in Ghana time (UTC all year). */
export function departureText(departureAt: string): string {
  const iso = new Date(departureAt).toISOString();
  return `${formatNoticeDate(iso.slice(0, 10))} ${iso.slice(11, 16)}`;
}

/** `GHS 120` for a whole amount, `GHS 120.50` otherwise. */
const money = (amount: string, currency: string) => priceText(amount, currency, 'code').replace(/\.00$/, '');
const route = (place: { from: string; to: string }) => `${inGsmAlphabet(place.from)} to ${inGsmAlphabet(place.to)}`;
const fits = (text: string) => smsSegments(text) <= MAX_ANSWER_SEGMENTS;

/** `head`, the items that fit (in order) joined by "; ", then `tail`. */
function listing(head: string, items: string[], tail: string): string {
  let shown = items;
  const write = (list: string[]) => `${head}${list.join('; ')}.${tail}`;
  while (shown.length > 1 && !fits(write(shown))) shown = shown.slice(0, -1);
  return write(shown);
}

/** Cuts `words` (rides' own) so that `write(words)` fits the segments. */
function fitted(words: string, write: (words: string) => string): string {
  const whole = write(words);
  if (fits(whole)) return whole;
  const room = 153 * MAX_ANSWER_SEGMENTS - (gsmLength(write('')) ?? write('').length);
  return write(shortened(words, Math.max(20, room)));
}

function bookedText(answer: Extract<SmsCommandAnswer, { kind: 'booked' }>): string {
  const head = `Krom: ${seatCount(answer.seats)} ${route(answer)} ${departureText(answer.departureAt)}, ride ${answer.rideCode}. Booking ${answer.bookingCode}, total ${money(answer.totalAmount, answer.currency)}.`;
  const mobileMoney = answer.paymentMethod === 'mobile_money';
  if (answer.status === 'requested') {
    return `${head} The driver will accept or decline; we will text you.${mobileMoney ? ' Then approve the mobile money prompt on your phone.' : ' Pay the driver in cash.'}`;
  }
  if (mobileMoney && answer.status === 'awaiting_payment') return `${head} Approve the mobile money prompt on your phone.`;
  return mobileMoney ? `${head} Paid by mobile money.` : `${head} Pay the driver in cash.`;
}

/** The SMS text of rides' answer to a command. */
export function smsAnswerText(answer: SmsCommandAnswer): string {
  switch (answer.kind) {
    case 'rides': {
      const on = answer.date ? ` on ${formatNoticeDate(answer.date)}` : '';
      if (answer.rides.length === 0) return `Krom: No rides ${route(answer)}${on} with seats left. Try another day: FIND <from> <to> <date>`;
      const items = answer.rides.map((ride) => `${ride.rideCode} ${departureText(ride.departureAt)} ${money(ride.pricePerSeat, ride.currency)} ${seatCount(ride.seatsLeft)} left`);
      return listing(`Krom: ${route(answer)}: `, items, ' Reply BOOK <code> <seats>');
    }
    case 'booked':
      return bookedText(answer);
    case 'bookings': {
      if (answer.bookings.length === 0) return 'Krom: You have no upcoming bookings. Send FIND <from> <to> to find a ride.';
      const items = answer.bookings.map((b) => `${b.bookingCode} ${route(b)} ${departureText(b.departureAt)} ${seatCount(b.seats)} ${b.status.replaceAll('_', ' ')}`);
      return listing('Krom: Your bookings: ', items, ' To cancel, send CANCEL <booking code>');
    }
    case 'cancelled': {
      const refund = /^0+(\.0+)?$/.test(answer.refundAmount) ? 'No refund.' : `${money(answer.refundAmount, answer.currency)} goes back to your mobile money.`;
      return fitted(inGsmAlphabet(answer.policy), (policy) => `Krom: Booking ${answer.bookingCode} ${route(answer)} ${departureText(answer.departureAt)} is cancelled. ${refund} ${policy}`.trimEnd());
    }
    case 'refused':
      return fitted(inGsmAlphabet(answer.message), (message) => `Krom: ${message}`);
  }
}
