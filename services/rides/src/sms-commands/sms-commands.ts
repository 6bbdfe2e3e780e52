import { smsCancellationPolicy, smsCommandMessages } from '@krom/contracts/events/sms-command-messages';
import type { SmsCommandAnswer, SmsCommandReceived, SmsRideCommand } from '@krom/contracts/events/sms-commands';
import { bookingInputSchema, cancellationRefund, normalisedShortCode } from '@krom/contracts/http/bookings';
import { suggestMobileMoneyProvider } from '@krom/contracts/http/payments';
import { rideSearchQuerySchema } from '@krom/contracts/http/rides';
import { toDecimalCedis, toPesewas } from '@krom/contracts/money';
import { HttpError } from '@krom/server-kit/errors';
import type { Transaction } from '@krom/server-kit/outbox';
import { sql } from 'drizzle-orm';
import { membersApartFrom } from '../blocks/member-blocks.ts';
import { bookSeats } from '../bookings/book-seat.ts';
import { cancelAsPassenger, myBookingRows } from '../bookings/booking-actions.ts';
import { bookingRows } from '../bookings/booking-views.ts';
import type { RidesDb } from '../db/rides-db.ts';
import { DESTINATION_ORDER, isoInstant, toRideSummary } from '../rides/ride-views.ts';
import { searchRideRows } from '../search/search-rides.ts';

/*
 * The ride commands members text (notifications parsed them: sms_command.received), run by the
 * same rules as the app: FIND is the listing's search, BOOK the booking form's bookSeats, MY the
 * passenger's upcoming bookings, CANCEL the passenger's own cancellation. Each runs in the
 * transaction that records the command as handled and writes the answer to the outbox; BOOK and
 * CANCEL run in a savepoint of it (a transaction's own transaction()), so a refusal takes back
 * only their part and is answered in the app's words.
 *
 * By SMS a passenger books a whole ride, its first place to its last (a code names a ride, not a
 * part of it): FIND therefore lists only rides that start where asked and end where asked, at the
 * price and with the seats BOOK then finds. A ride passing through both towns is booked in the app.
 */

/** How many rides FIND answers, and how many bookings MY lists (the contract's "at most"). */
const FIND_RIDES = 3;
const MY_BOOKINGS = 5;
/** How many of the search's rides FIND reads to find its whole-route rides among them. */
const FIND_READ = 50;

type Command<K extends SmsRideCommand['kind']> = Extract<SmsRideCommand, { kind: K }>;

/** Runs `command` in `tx` for `memberId` at `now` and answers what it found or did, or its refusal. */
export async function answerSmsCommand(db: RidesDb, tx: Transaction, received: SmsCommandReceived, now: Date): Promise<SmsCommandAnswer> {
  const { command, memberId } = received;
  try {
    switch (command.kind) {
      case 'find':
        return await findRides(db, tx, memberId, command, now);
      case 'book':
        return await bookByCode(tx, memberId, received.phone, command, now);
      case 'my':
        return await upcomingBookings(tx, memberId, now);
      case 'cancel':
        return await cancelByCode(tx, memberId, command, now);
    }
  } catch (error) {
    // A refusal (the app's 4xx) is the answer; anything else is retried with the event.
    if (error instanceof HttpError && error.statusCode < 500) return { kind: 'refused', command: command.kind, message: error.message };
    throw error;
  }
}

/** The rides a search between the two towns lists, from the day asked (Ghana: UTC) or now, that start and end there. */
async function findRides(db: RidesDb, tx: Transaction, memberId: string, command: Command<'find'>, now: Date): Promise<SmsCommandAnswer> {
  const query = rideSearchQuerySchema.safeParse({ from: command.from, to: command.to, pageSize: FIND_READ });
  if (!query.success) throw new HttpError(400, smsCommandMessages.placeTooLong);
  const dayStart = command.date === null ? now : new Date(`${command.date}T00:00:00Z`);
  const from = dayStart > now ? dayStart : now;
  const { rows } = await searchRideRows(tx, query.data, from, await membersApartFrom(db, memberId));
  const wholeRoute = rows.filter((row) => (row.boardOrder ?? 0) === 0 && (row.alightOrder ?? DESTINATION_ORDER) >= DESTINATION_ORDER);
  return {
    kind: 'rides',
    from: command.from,
    to: command.to,
    date: command.date,
    rides: wholeRoute.slice(0, FIND_RIDES).map((row) => {
      // The whole route's seats and price: what BOOK takes.
      const { leg } = toRideSummary(row);
      return {
        rideCode: row.rideCode,
        from: row.fromLocation,
        to: row.toLocation,
        departureAt: isoInstant(row.departureAt),
        pricePerSeat: leg.pricePerSeat,
        currency: row.currency,
        seatsLeft: leg.seatsLeft,
      };
    }),
  };
}

/**
 * BOOK: the ride the code names, every place of it, for the sender; mobile money from the
 * sender's own number on the network its prefix tells, or cash. The booking form's rules apply
 * as they are (bookSeats), and its refusals are the answer.
 */
async function bookByCode(tx: Transaction, memberId: string, phone: string, command: Command<'book'>, now: Date): Promise<SmsCommandAnswer> {
  const rideCode = normalisedShortCode(command.rideCode);
  const { rows } = await tx.execute<{ id: string; stops: number }>(sql`
    SELECT r.id, (SELECT count(*)::int FROM ride_stops s WHERE s.ride_id = r.id) AS stops FROM rides r WHERE r.ride_code = ${rideCode}`);
  const ride = rows[0];
  if (!ride) throw new HttpError(404, smsCommandMessages.rideCodeUnknown(rideCode));
  const { rows: names } = await tx.execute<{ name: string }>(sql`
    SELECT trim(first_name || ' ' || last_name) AS name FROM user_profiles WHERE user_id = ${memberId}`);
  const passengerName = names[0]?.name;
  if (!passengerName) throw new HttpError(409, smsCommandMessages.profileMissing);
  let wallet: { phone: string; network: NonNullable<ReturnType<typeof suggestMobileMoneyProvider>> } | undefined;
  if (command.paymentMethod === 'mobile_money') {
    const network = suggestMobileMoneyProvider(phone);
    if (!network) throw new HttpError(400, smsCommandMessages.networkUnknown);
    wallet = { phone, network };
  }
  const request = bookingInputSchema.safeParse({
    rideId: ride.id,
    seats: command.seats,
    boardAt: 0,
    alightAt: ride.stops + 1,
    passengerName,
    passengerPhone: phone,
    paymentMethod: command.paymentMethod,
    wallet,
  });
  if (!request.success) throw new HttpError(400, request.error.issues[0]?.message ?? 'Invalid booking');
  // In a savepoint of the command's transaction: a refusal takes back the booking's part only.
  const booking = await bookSeats(tx, memberId, request.data, { now });
  return {
    kind: 'booked',
    bookingCode: booking.bookingCode ?? '',
    rideCode,
    from: booking.rideFrom,
    to: booking.rideTo,
    departureAt: booking.departureAt,
    seats: booking.seats,
    totalAmount: toDecimalCedis(toPesewas(booking.totalAmount) + toPesewas(booking.serviceFee)),
    currency: booking.currency,
    paymentMethod: booking.paymentMethod,
    status: booking.status,
  };
}

/** MY: the sender's upcoming bookings, soonest first. */
async function upcomingBookings(tx: Transaction, memberId: string, now: Date): Promise<SmsCommandAnswer> {
  const rows = await myBookingRows(tx, memberId, 'upcoming', now);
  return {
    kind: 'bookings',
    bookings: rows.slice(0, MY_BOOKINGS).map((row) => ({
      bookingCode: row.bookingCode,
      rideCode: row.rideCode,
      from: row.rideFrom,
      to: row.rideTo,
      departureAt: isoInstant(row.departureAt),
      seats: row.seats,
      status: row.status,
    })),
  };
}

/**
 * CANCEL: the sender's own booking with that code, cancelled as in the app (cancelAsPassenger);
 * a code of nobody's booking and another member's answer the same. The refund is what the policy
 * gives back of a fare paid by mobile money: nothing for a seat not yet paid, nor for cash.
 */
async function cancelByCode(tx: Transaction, memberId: string, command: Command<'cancel'>, now: Date): Promise<SmsCommandAnswer> {
  const bookingCode = normalisedShortCode(command.bookingCode);
  const [row] = await bookingRows(tx, sql`WHERE b.booking_code = ${bookingCode} AND b.passenger_id = ${memberId}`);
  if (!row) throw new HttpError(404, smsCommandMessages.bookingCodeUnknown(bookingCode));
  const cancelled = await cancelAsPassenger(tx, memberId, row.id, now);
  // A confirmed seat is cancelled by the policy (cancelled_by_passenger); anything earlier is withdrawn, nothing having been paid.
  const refund =
    cancelled.status !== 'cancelled_by_passenger'
      ? { rule: 'unpaid' as const, amount: '0.00' }
      : cancelled.paymentMethod === 'cash'
        ? { rule: 'cash' as const, amount: '0.00' }
        : cancellationRefund(new Date(cancelled.departureAt), now, cancelled.totalAmount);
  return {
    kind: 'cancelled',
    bookingCode,
    from: cancelled.rideFrom,
    to: cancelled.rideTo,
    departureAt: cancelled.departureAt,
    refundAmount: refund.amount,
    currency: cancelled.currency,
    policy: smsCancellationPolicy(refund.rule),
  };
}
