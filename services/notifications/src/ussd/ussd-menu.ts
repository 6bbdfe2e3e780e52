import type { SmsCommandAnswer, SmsRideCommand } from '@krom/contracts/events/sms-commands';
import { formatNoticeDate } from '@krom/contracts/ghana-time';
import { departureText } from '../inbound-sms/sms-answers.ts';
import { smsReplies } from '../inbound-sms/sms-replies.ts';
import { priceText, seatCount } from '../notifications/ride-wording.ts';
import { inGsmAlphabet, shortened } from '../sms/sms-segment.ts';
import type { UssdScreen } from './ussd-providers.ts';

/*
 * The USSD menu, provider-neutral and pure: the screen for a session is worked out by walking its
 * inputs from the main menu, so a gateway's retry of a step (the same inputs again) lands on the
 * same screen. Where a screen needs rides' data, the walk stops with the command to send rides
 * (keyed by the inputs that led there); once rides' answer is held under that key, the walk goes
 * on through it. Every screen fits one USSD page of 160 characters.
 */

export const MAX_SCREEN = 160;
const MAX_SEATS = 8;

/** What the session holds for the walk: rides' answers by step key, and how often a "Searching" screen was shown at a step. */
export type UssdMemory = { answers: Record<string, SmsCommandAnswer>; waited: Record<string, number> };

export type UssdWalk =
  | { kind: 'screen'; screen: UssdScreen }
  /** Rides must answer `command` first; `key` names the step (it derives the command id). */
  | { kind: 'ask'; key: string; command: SmsRideCommand };

export const ussdTexts = {
  main: 'Krom\n1 Find a ride\n2 My bookings\n3 Help',
  from: 'Find a ride\nFrom which town?',
  to: 'To which town?',
  day: 'Which day?\n1 Today\n2 Tomorrow\n3 Another day',
  dayEntry: 'Enter the day as DD/MM, e.g. 24/12',
  help: 'Krom by USSD: find a ride between two towns, book seats and pay by mobile money or cash, see and cancel your bookings. Krom also answers texts: send HELP.',
  searching: 'Searching...\n1 Continue',
  notBooked: 'Nothing was booked.',
  unchanged: 'Your booking is unchanged.',
  invalid: 'Not a choice here.',
} as const;

const fit = (text: string) => shortened(text, MAX_SCREEN);
const con = (text: string): UssdWalk => ({ kind: 'screen', screen: { text: fit(text), end: false } });
const end = (text: string): UssdWalk => ({ kind: 'screen', screen: { text: fit(text), end: true } });
const money = (amount: string, currency: string) => priceText(amount, currency, 'code').replace(/\.00$/, '');
const town = (name: string, max = 20) => shortened(inGsmAlphabet(name.trim()), max);
const route = (place: { from: string; to: string }, max = 20) => `${town(place.from, max)} to ${town(place.to, max)}`;
/** Ghana's date `days` after `today` (YYYY-MM-DD). */
const plusDays = (today: string, days: number) => new Date(Date.parse(`${today}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/** DD/MM (or D/M) as the next such day from today, or undefined. */
export function readDay(entry: string, today: string): string | undefined {
  const match = /^(\d{1,2})[/.-](\d{1,2})$/.exec(entry.trim());
  if (!match) return undefined;
  const [day, month] = [Number(match[1]), Number(match[2])];
  for (const year of [Number(today.slice(0, 4)), Number(today.slice(0, 4)) + 1]) {
    const date = new Date(Date.UTC(year, month - 1, day));
    if (date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return undefined;
    const iso = date.toISOString().slice(0, 10);
    if (iso >= today) return iso;
  }
  return undefined;
}

/** A numbered choice 1..count, or undefined. */
const choice = (input: string | undefined, count: number) => {
  const n = Number(input?.trim());
  return Number.isInteger(n) && n >= 1 && n <= count ? n : undefined;
};

/** A list screen: `head`, the numbered lines that fit, `tail`. */
function listed(head: string, lines: string[], tail = ''): string {
  let shown = lines.map((line, i) => `${i + 1} ${line}`);
  const write = () => [head, ...shown, tail].filter(Boolean).join('\n');
  while (shown.length > 1 && write().length > MAX_SCREEN) shown = shown.slice(0, -1);
  return write();
}

function answerText(answer: SmsCommandAnswer): string | undefined {
  if (answer.kind === 'refused') return inGsmAlphabet(answer.message);
  if (answer.kind === 'booked') {
    const head = `Booked ${answer.bookingCode}: ${seatCount(answer.seats)} ${route(answer, 14)} ${departureText(answer.departureAt)}, ${money(answer.totalAmount, answer.currency)}.`;
    if (answer.status === 'requested') return `${head} The driver will accept or decline; we will text you.`;
    if (answer.paymentMethod === 'mobile_money' && answer.status === 'awaiting_payment') return `${head} Approve the mobile money prompt on your phone.`;
    return answer.paymentMethod === 'mobile_money' ? `${head} Paid by mobile money.` : `${head} Pay the driver in cash.`;
  }
  if (answer.kind === 'cancelled') {
    const refund = /^0+(\.0+)?$/.test(answer.refundAmount) ? 'No refund.' : `${money(answer.refundAmount, answer.currency)} back to your mobile money.`;
    return `Booking ${answer.bookingCode} ${route(answer, 14)} is cancelled. ${refund} ${inGsmAlphabet(answer.policy)}`;
  }
  return undefined;
}

/** The screen at the end of `inputs`. `today` is Ghana's date. */
export function walkUssd(inputs: string[], memory: UssdMemory, today: string): UssdWalk {
  let at = 0;
  const next = () => (at < inputs.length ? inputs[at++] : undefined);
  /** Rides' answer for the step reached so far, or the ask; a "Searching" screen shown here took one input. */
  const data = (command: SmsRideCommand): { answer: SmsCommandAnswer } | { walk: UssdWalk } => {
    const key = inputs.slice(0, at).join('*');
    const answer = memory.answers[key];
    // Each "Searching... 1 Continue" shown here took one input.
    for (let shown = memory.waited[key] ?? 0; shown > 0; shown--) {
      if (next() === undefined) return answer ? { answer } : { walk: con(ussdTexts.searching) };
    }
    return answer ? { answer } : { walk: { kind: 'ask', key, command } };
  };
  /** Asks again until an input passes `read`; undefined when the inputs end first (`screen` is shown). */
  const ask = <T>(screen: string, read: (input: string) => T | undefined): { value: T } | { walk: UssdWalk } => {
    let wrong = false;
    for (;;) {
      const input = next();
      if (input === undefined) return { walk: con(wrong ? `${ussdTexts.invalid}\n${screen}` : screen) };
      const value = read(input);
      if (value !== undefined) return { value };
      wrong = true;
    }
  };

  const top = ask(ussdTexts.main, (input) => choice(input, 3));
  if ('walk' in top) return top.walk;
  if (top.value === 3) return end(ussdTexts.help);

  if (top.value === 2) {
    const mine = data({ kind: 'my' });
    if ('walk' in mine) return mine.walk;
    const { answer } = mine;
    if (answer.kind !== 'bookings') return end(answerText(answer) ?? ussdTexts.unchanged);
    if (answer.bookings.length === 0) return end('You have no upcoming bookings. Dial again and choose 1 to find a ride.');
    const lines = answer.bookings.map((b) => `${b.bookingCode} ${route(b, 10)} ${departureText(b.departureAt)}`);
    const picked = ask(listed('Your bookings:', lines), (input) => choice(input, lines.length));
    if ('walk' in picked) return picked.walk;
    const booking = answer.bookings[picked.value - 1];
    if (!booking) return end(ussdTexts.unchanged);
    const detail = `${booking.bookingCode} ${route(booking)} ${departureText(booking.departureAt)}, ${seatCount(booking.seats)}, ${booking.status.replaceAll('_', ' ')}\n1 Cancel booking\n2 Keep it`;
    const act = ask(detail, (input) => choice(input, 2));
    if ('walk' in act) return act.walk;
    if (act.value === 2) return end(ussdTexts.unchanged);
    const cancelled = data({ kind: 'cancel', bookingCode: booking.bookingCode });
    if ('walk' in cancelled) return cancelled.walk;
    return end(answerText(cancelled.answer) ?? ussdTexts.unchanged);
  }

  const from = ask(ussdTexts.from, (input) => (input.trim() ? input.trim() : undefined));
  if ('walk' in from) return from.walk;
  const to = ask(ussdTexts.to, (input) => (input.trim() ? input.trim() : undefined));
  if ('walk' in to) return to.walk;
  const day = ask(ussdTexts.day, (input) => choice(input, 3));
  if ('walk' in day) return day.walk;
  let date = plusDays(today, day.value - 1);
  if (day.value === 3) {
    const entered = ask(ussdTexts.dayEntry, (input) => readDay(input, today));
    if ('walk' in entered) return entered.walk;
    date = entered.value;
  }
  const found = data({ kind: 'find', from: from.value, to: to.value, date });
  if ('walk' in found) return found.walk;
  const rides = found.answer;
  if (rides.kind !== 'rides') return end(answerText(rides) ?? ussdTexts.notBooked);
  if (rides.rides.length === 0) return end(`No rides ${route(rides)} on ${formatNoticeDate(date)} with seats left. Dial again to try another day.`);
  const lines = rides.rides.map((r) => `${departureText(r.departureAt)} ${money(r.pricePerSeat, r.currency)} ${r.seatsLeft} left`);
  const picked = ask(listed(`${route(rides)}:`, lines), (input) => choice(input, lines.length));
  if ('walk' in picked) return picked.walk;
  const ride = rides.rides[picked.value - 1];
  if (!ride) return end(ussdTexts.notBooked);
  const most = Math.min(ride.seatsLeft, MAX_SEATS);
  const seats = ask(`How many seats? (1-${most})`, (input) => choice(input, most));
  if ('walk' in seats) return seats.walk;
  const pay = ask('Pay by\n1 Mobile money\n2 Cash to the driver', (input) => choice(input, 2));
  if ('walk' in pay) return pay.walk;
  const paymentMethod = pay.value === 1 ? 'mobile_money' : 'cash';
  const fare = money((Number(ride.pricePerSeat) * seats.value).toFixed(2), ride.currency);
  const confirm = ask(
    `Book ${seatCount(seats.value)} ${route(ride, 16)} ${departureText(ride.departureAt)}, fare ${fare} plus fee, ${pay.value === 1 ? 'mobile money' : 'cash'}?\n1 Book\n2 Cancel`,
    (input) => choice(input, 2),
  );
  if ('walk' in confirm) return confirm.walk;
  if (confirm.value === 2) return end(ussdTexts.notBooked);
  const booked = data({ kind: 'book', rideCode: ride.rideCode, seats: seats.value, paymentMethod });
  if ('walk' in booked) return booked.walk;
  return end(answerText(booked.answer) ?? ussdTexts.notBooked);
}

/** What a number not on Krom, or a suspended member, is told (the SMS path's words). */
export const ussdRefusals = {
  notMember: (publicOrigin: string): UssdScreen => ({ text: fit(smsReplies.notMember(publicOrigin).replace(/^Krom: /, '')), end: true }),
  suspended: { text: fit(smsReplies.suspended.replace(/^Krom: /, '')), end: true } satisfies UssdScreen,
};
