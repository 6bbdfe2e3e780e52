import type { BookingDetails } from '@krom/contracts/http/staff-messages';
import { inGsmAlphabet, shortened, smsSegments } from './sms-segment.ts';

/** The most segments an e-ticket may take (issue 21): two GSM-7 segments, 306 characters. */
const E_TICKET_MAX_SEGMENTS = 2;

/**
 * What the passenger's SMS e-ticket says. Names (places, the driver, the car) are written as the
 * booking holds them; `boardingPlace`, `meetingPoint`, `plate`, `boardingCode` and `fare` are left
 * out when absent (the staff test panel sends a sample without them).
 */
export type ETicket = {
  /** The passenger's own leg: where they board and where they leave. */
  from: string;
  to: string;
  /** As it is to be read (`Fri 28 Nov`, `2:30 PM`). */
  date: string;
  time: string;
  /** Where the passenger is picked up, when it is worth naming apart from `from` (a stop's location). */
  boardingPlace?: string | null;
  meetingPoint?: string | null;
  driver: string;
  /** `Silver Toyota Corolla`. */
  car: string;
  plate?: string | null;
  boardingCode?: string | null;
  /** `2 seats, GHS 240.00 cash to the driver`: already GSM (formatMoneyForSms). */
  fare?: string | null;
};

type Cuts = { names: number; person: number; when: number; meetingPoint: boolean; fare: boolean };

const write = (ticket: ETicket, cut: Cuts): string => {
  const name = (text: string, max: number) => shortened(inGsmAlphabet(text.trim()), max);
  const parts = [`Krom e-ticket: ${name(ticket.from, cut.names)} to ${name(ticket.to, cut.names)}, ${name(ticket.date, cut.when)} at ${name(ticket.time, cut.when)}.`];
  if (ticket.boardingPlace) {
    const meeting = cut.meetingPoint && ticket.meetingPoint ? ` (${name(ticket.meetingPoint, cut.names)})` : '';
    parts.push(`Board at ${name(ticket.boardingPlace, cut.names)}${meeting}.`);
  }
  const car = [name(ticket.car, cut.person), ticket.plate ? inGsmAlphabet(ticket.plate.trim()) : ''].filter(Boolean).join(' ');
  parts.push(`Driver ${name(ticket.driver, cut.person)}, ${car}.`);
  if (ticket.boardingCode) parts.push(`Boarding code ${ticket.boardingCode}.`);
  if (cut.fare && ticket.fare) parts.push(`${ticket.fare}.`);
  return parts.join(' ');
};

// From the whole ticket to the barest one, each step giving up something less needed than what is
// kept: the meeting point first, then the fare (the booking screen showed it), then place names
// cut ever shorter, then the driver's name and the car, and last the date and time as typed on
// the staff panel (the booking's own are always short). The route's ends, the plate and the code
// are never dropped.
const steps: Cuts[] = [
  { names: 1000, person: 1000, when: 1000, meetingPoint: true, fare: true },
  { names: 1000, person: 1000, when: 1000, meetingPoint: false, fare: true },
  { names: 1000, person: 1000, when: 1000, meetingPoint: false, fare: false },
  ...[48, 40, 32, 26, 20, 16, 12].map((names) => ({ names, person: 1000, when: 1000, meetingPoint: false, fare: false })),
  ...[32, 24, 16, 12].map((person) => ({ names: 12, person, when: 1000, meetingPoint: false, fare: false })),
  ...[24, 16, 12, 8].map((size) => ({ names: 10, person: size, when: size, meetingPoint: false, fare: false })),
];

/**
 * The passenger's SMS e-ticket (route, date, time, boarding place, driver, car and plate,
 * boarding code) in at most two GSM-7 segments: GSM characters only (the fare as `GHS`, names
 * through inGsmAlphabet), and when it is too long the least needed parts are shortened or left
 * out first. The booking flow and the staff panel's test send both use it.
 */
export function eTicketSmsText(ticket: ETicket): string {
  let text = '';
  for (const cut of steps) {
    text = write(ticket, cut);
    if (smsSegments(text) <= E_TICKET_MAX_SEGMENTS) return text;
  }
  return text;
}

/**
 * The staff panel's sample e-ticket (the spec's from, to, date, time, driver, vehicle, as typed:
 * the panel's fields are trimmed and bounded by the contract); no code, since it books no seat.
 */
export function bookingConfirmationSmsText(details: BookingDetails): string {
  return eTicketSmsText({ from: details.from, to: details.to, date: details.date, time: details.time, driver: details.driver, car: details.vehicle });
}
