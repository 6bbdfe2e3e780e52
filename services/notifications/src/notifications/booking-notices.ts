import { type BookingFact, type BookingFactName, memberSuspendedReason } from '@krom/contracts/events/bookings';
import { ghanaDate } from '@krom/contracts/ghana-time';
import { noShowReportHours } from '@krom/contracts/http/booking-values';
import { bookingRequestNoticeKind } from '@krom/contracts/http/notifications';
import { paymentHoldMinutes } from '@krom/contracts/http/payment-values';
import { eTicketSmsText } from '../sms/booking-confirmation-sms.ts';
import type { SmsMessageType } from '../sms/record-sms.ts';
import { fitTwoNamesInSegment, fitWordsInSegment, inGsmAlphabet } from '../sms/sms-segment.ts';
import { holdEndedSmsKey } from './hold-ended.ts';
import type { NewNotification } from './create-notification.ts';
import { carText, meetingText, priceText, rideDateText, seatCount, townOf, twelveHourTime } from './ride-wording.ts';

/*
 * The words both sides of a booking are told when something happens to it
 * (`krom.rides.booking.<fact>.v1`). In the app for every fact either side must know of; by SMS
 * only for what matters away from the app: the passenger's e-ticket, a declined, lapsed or
 * driver-cancelled booking, a paid seat that ended not boarded (its money coming back), and the
 * driver's new request or booking.
 */

type Notice = Pick<NewNotification, 'type' | 'title' | 'message' | 'data' | 'actionRequired'>;

/** One side's news of a fact: the notice, and an SMS when it is worth one. */
export type BookingMessage = {
  to: 'passenger' | 'driver';
  notice: Notice;
  sms?: { text: string; messageType: SmsMessageType };
  /** The SMS's own key when another event may bring the same news (a hold that ended unpaid). */
  smsKey?: string;
  /**
   * News of the passenger's mobile money payment (the prompt an accept sends, a hold released
   * unpaid): texted, like payments' own facts, to the number the member registered, not the phone
   * typed on the booking form.
   */
  aboutPayment?: true;
};


/** Where each side manages the booking: the driver's rides (Manage Bookings), the passenger's rides. */
export const driverBookingsLink = '/rides/as-driver';
export const passengerBookingsLink = '/my-rides';

const when = (booking: BookingFact) => `${rideDateText(booking.departureDate)} at ${twelveHourTime(booking.departureTime)}`;
/** An instant (Ghana is on GMT all year) as `Fri 28 Nov at 2:30 AM`. */
const instantText = (instant: string) => `${rideDateText(ghanaDate(instant))} at ${twelveHourTime(new Date(instant).toISOString().slice(11, 16))}`;
const leg = (booking: BookingFact) => `${seatCount(booking.seats)} from ${townOf(booking.board)} to ${townOf(booking.alight)} on ${when(booking)}`;
const reasonText = (booking: BookingFact) => (booking.reason?.trim() ? ` Reason: ${booking.reason.trim()}.` : '');

/** One SMS segment about the leg: `write(from, to)` is the whole text; long town names are cut to fit. */
const legSms = (booking: BookingFact, write: (from: string, to: string) => string) =>
  fitTwoNamesInSegment(inGsmAlphabet(townOf(booking.board)), inGsmAlphabet(townOf(booking.alight)), write);
const person = (name: string) => inGsmAlphabet(name.trim());
/** Why a hold ended unpaid: payments' reason for a failed payment, else the hold lapsed. */
const unpaidReason = (booking: BookingFact) => booking.reason?.trim().replace(/\.+$/, '') || 'the payment was not made in time';

const passengerNotice = (booking: BookingFact, title: string, message: string): Notice => ({
  type: 'booking',
  title,
  message,
  actionRequired: false,
  data: { kind: 'booking', bookingId: booking.bookingId, rideId: booking.rideId, link: passengerBookingsLink },
});
const driverNotice = (booking: BookingFact, title: string, message: string, actionRequired = false): Notice => ({
  type: 'booking',
  title,
  message,
  actionRequired,
  data: { kind: actionRequired ? bookingRequestNoticeKind : 'booking', bookingId: booking.bookingId, rideId: booking.rideId, link: driverBookingsLink },
});

/** The passenger's e-ticket: their leg, where they board (and meet), the driver, the car and its plate, the boarding code. */
function bookingETicket(booking: BookingFact): string {
  const { vehicle } = booking;
  const fare = booking.paymentMethod === 'cash' ? `${seatCount(booking.seats)}, ${priceText(booking.totalAmount, booking.currency, 'code')} cash to the driver` : seatCount(booking.seats);
  return eTicketSmsText({
    from: townOf(booking.board),
    to: townOf(booking.alight),
    date: rideDateText(booking.departureDate),
    time: twelveHourTime(booking.departureTime),
    boardingPlace: booking.board.location,
    meetingPoint: booking.board.meetingPoint,
    driver: booking.driverFirstName,
    car: carText(vehicle),
    plate: vehicle.licensePlate,
    boardingCode: booking.boardingCode,
    fare,
  });
}

/** The passenger's side of a confirmed booking: the notice with the code, and the e-ticket by SMS. */
function confirmedForPassenger(booking: BookingFact): BookingMessage {
  const code = booking.boardingCode ? ` Your boarding code is ${booking.boardingCode}.` : '';
  return {
    to: 'passenger',
    notice: passengerNotice(booking, 'Booking confirmed', `Your booking of ${leg(booking)} is confirmed. Board at ${booking.board.location.trim()}${meetingText(booking.board)}.${code}`),
    sms: { text: bookingETicket(booking), messageType: 'booking_confirmation' },
  };
}

/** A seat paid by mobile money (confirmed before it ended): what Krom ended gives all of it back. */
const paidSeat = (booking: BookingFact) => booking.paymentMethod === 'mobile_money' && booking.refundAmount !== null;

/**
 * Krom ended the booking because a member's account was suspended (the driver's, or the passenger's
 * own): the passenger hears that Krom cancelled it, with a full refund of a paid seat; the driver of
 * a suspended passenger's booking hears the seats are free. A suspended driver is told nothing here.
 */
function cancelledByKrom(booking: BookingFact, passenger: string): BookingMessage[] {
  const refund = paidSeat(booking) ? ' You get a full refund: everything you paid goes back to your mobile money.' : '';
  const told: BookingMessage[] = [
    {
      to: 'passenger',
      notice: passengerNotice(booking, 'Booking cancelled by Krom', `Your booking of ${leg(booking)} was cancelled by Krom.${refund} Search for another ride.`),
      sms: {
        text: legSms(booking, (from, to) => `Krom cancelled your booking, ${from} to ${to}, ${when(booking)}.${paidSeat(booking) ? ' You get a full refund.' : ''} Search Krom for another ride.`),
        messageType: 'notification',
      },
    },
  ];
  if (booking.status === 'cancelled') told.push({ to: 'driver', notice: driverNotice(booking, 'Booking cancelled', `Krom cancelled ${passenger}'s booking of ${leg(booking)}. The seats are free again.`) });
  return told;
}

/** What each side is told of `fact`; nothing for facts neither needs a message about (boarded, completed, no-show: they were there). */
export function bookingMessages(fact: BookingFactName, booking: BookingFact): BookingMessage[] {
  const passenger = booking.passengerFirstName.trim();
  const driver = booking.driverFirstName.trim();
  switch (fact) {
    case 'requested': {
      const by = booking.expiresAt ? ` by ${instantText(booking.expiresAt)}` : '';
      return [
        {
          to: 'driver',
          notice: driverNotice(booking, 'New booking request', `${passenger} asks for ${leg(booking)}. Approve or decline${by}.`, true),
          sms: {
            text: legSms(booking, (from, to) => `Krom: ${person(passenger)} asks for ${seatCount(booking.seats)}, ${from} to ${to}, ${when(booking)}. Approve or decline in Krom${by}.`),
            messageType: 'notification',
          },
        },
      ];
    }
    case 'confirmed': {
      const messages = [confirmedForPassenger(booking)];
      // An instant booking: the driver hears of it now, once the seat is the passenger's (at booking for cash, when the
      // mobile money arrived for a held seat). A request's driver accepted it themselves and hears nothing more.
      if (booking.previousStatus === null || (booking.previousStatus === 'awaiting_payment' && booking.bookingMode === 'instant')) {
        const cash = booking.paymentMethod === 'cash' ? ` ${passenger} pays ${priceText(booking.totalAmount, booking.currency)} in cash.` : '';
        messages.push({
          to: 'driver',
          notice: driverNotice(booking, 'New booking', `${passenger} booked ${leg(booking)}.${cash}`),
          sms: { text: legSms(booking, (from, to) => `Krom: ${person(passenger)} booked ${seatCount(booking.seats)}, ${from} to ${to}, ${when(booking)}.`), messageType: 'notification' },
        });
      }
      return messages;
    }
    case 'accepted': {
      if (booking.paymentMethod !== 'mobile_money') {
        return [{ to: 'passenger', notice: passengerNotice(booking, 'Booking accepted', `${driver} accepted your request for ${leg(booking)}.`) }];
      }
      // Mobile money: the accept sends the payment prompt, which the passenger must approve while the seats are held.
      return [
        {
          to: 'passenger',
          notice: passengerNotice(
            booking,
            'Booking accepted',
            `${driver} accepted your request for ${leg(booking)}. A mobile money prompt is coming to your phone: approve it within ${paymentHoldMinutes} minutes to secure your seats.`,
          ),
          sms: {
            text: legSms(
              booking,
              (from, to) => `Krom: ${person(driver)} accepted your request, ${from} to ${to}. A payment prompt is coming to your phone: approve it within ${paymentHoldMinutes} minutes.`,
            ),
            messageType: 'notification',
          },
          aboutPayment: true,
        },
      ];
    }
    case 'declined':
      return [
        {
          to: 'passenger',
          notice: passengerNotice(booking, 'Booking declined', `${driver} declined your request for ${leg(booking)}. Search for another ride.`),
          sms: {
            text: legSms(booking, (from, to) => `Krom: ${person(driver)} declined your request, ${from} to ${to}, ${when(booking)}. Search Krom for another ride.`),
            messageType: 'notification',
          },
        },
      ];
    case 'expired': {
      // A request nobody answered, or (mobile money) a hold whose payment failed (payments' reason) or never came.
      const unpaid = booking.previousStatus === 'awaiting_payment';
      const why = unpaidReason(booking);
      const message = unpaid ? `Your booking of ${leg(booking)} was released: ${why}.` : `Your request for ${leg(booking)} was not answered in time. Search for another ride.`;
      const sms = unpaid
        ? fitWordsInSegment(inGsmAlphabet(why), (reason) => legSms(booking, (from, to) => `Krom: your seats ${from} to ${to}, ${when(booking)}, were released: ${reason}.`))
        : legSms(booking, (from, to) => `Krom: your request ${from} to ${to}, ${when(booking)}, was not answered in time. Search Krom for another ride.`);
      return [
        {
          to: 'passenger',
          notice: passengerNotice(booking, unpaid ? 'Booking released' : 'Booking request expired', message),
          sms: { text: sms, messageType: 'notification' },
          // The same news as payments' failed payment: one SMS for both, whichever comes first (hold-ended.ts).
          ...(unpaid ? { smsKey: holdEndedSmsKey(booking.bookingId), aboutPayment: true } : {}),
        },
      ];
    }
    case 'cancelled_by_driver':
      if (booking.reason === memberSuspendedReason) return cancelledByKrom(booking, passenger);
      return [
        {
          to: 'passenger',
          notice: passengerNotice(booking, 'Booking cancelled by driver', `${driver} cancelled your booking of ${leg(booking)}.${reasonText(booking)} Search for another ride.`),
          sms: {
            text: legSms(booking, (from, to) => `Krom: ${person(driver)} cancelled your booking, ${from} to ${to}, ${when(booking)}. Search Krom for another ride.`),
            messageType: 'notification',
          },
        },
      ];
    case 'not_boarded': {
      // The no-show window closed on a seat neither boarded by its code nor reported: a paid one is refunded in full.
      const paid = booking.paymentMethod === 'mobile_money';
      const window = `within ${noShowReportHours} hours of departure`;
      return [
        {
          to: 'passenger',
          notice: passengerNotice(
            booking,
            'Booking ended: not boarded',
            `Your booking of ${leg(booking)} ended: ${driver} did not record you on board with your code, nor report you missing, ${window}.${
              paid ? ' Everything you paid, the service fee included, goes back to your mobile money.' : ' You paid nothing through Krom, so nothing is charged.'
            }`,
          ),
          // By SMS only when money comes back: a cash passenger has nothing to do about it.
          ...(paid
            ? {
                sms: {
                  text: legSms(booking, (from, to) => `Krom: your booking ${from} to ${to}, ${when(booking)}, ended: the driver did not record you on board. What you paid goes back to your mobile money.`),
                  messageType: 'notification' as const,
                },
              }
            : {}),
        },
        {
          to: 'driver',
          notice: driverNotice(
            booking,
            'Booking ended: not boarded',
            `${passenger}'s booking of ${leg(booking)} ended: it was neither boarded with its code nor reported as a no-show ${window}.${paid ? ' Their payment goes back to them.' : ''}`,
          ),
        },
      ];
    }
    case 'cancelled_by_passenger':
      return [{ to: 'driver', notice: driverNotice(booking, 'Booking cancelled', `${passenger} cancelled their booking of ${leg(booking)}. The seats are free again.`) }];
    case 'cancelled':
      // The passenger withdrew before the seat was theirs, staff cancelled the booking, or Krom did (the passenger suspended).
      if (booking.reason === memberSuspendedReason) return cancelledByKrom(booking, passenger);
      if (booking.actor === 'staff') {
        return [
          {
            to: 'passenger',
            notice: passengerNotice(booking, 'Booking cancelled', `Krom support cancelled your booking of ${leg(booking)}.${reasonText(booking)}`),
            sms: { text: legSms(booking, (from, to) => `Krom: support cancelled your booking, ${from} to ${to}, ${when(booking)}.`), messageType: 'notification' },
          },
          { to: 'driver', notice: driverNotice(booking, 'Booking cancelled', `Krom support cancelled ${passenger}'s booking of ${leg(booking)}. The seats are free again.`) },
        ];
      }
      return [{ to: 'driver', notice: driverNotice(booking, 'Booking request withdrawn', `${passenger} withdrew their request for ${leg(booking)}. The seats are free again.`) }];
    default:
      return [];
  }
}

/** The facts this service tells anyone of (and so consumes). */
export const toldBookingFacts = ['requested', 'accepted', 'declined', 'expired', 'cancelled', 'confirmed', 'cancelled_by_passenger', 'cancelled_by_driver', 'not_boarded'] as const satisfies readonly BookingFactName[];
