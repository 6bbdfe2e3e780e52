import { bookingEvents } from '@krom/contracts/events/bookings';
import {
  type Booking,
  type bookingInputSchema,
  bookingMessages,
  requestAnswerHours,
  requestCutoffHoursBeforeDeparture,
  seatHoldingStatuses,
} from '@krom/contracts/http/bookings';
import { serviceFeePesewas } from '@krom/contracts/http/payment-values';
import { rideTotal, toDecimalCedis, toPesewas } from '@krom/contracts/money';
import { HttpError } from '@krom/server-kit/errors';
import { recordEvent, type Transaction } from '@krom/server-kit/outbox';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { TransactionRunner } from '../db/rides-db.ts';
import { womenOnlyMessages } from '@krom/contracts/http/ride-preference-values';
import { memberSafetyMessages } from '@krom/contracts/http/member-safety';
import { blockBetween } from '../blocks/member-blocks.ts';
import { womenOnlyStanding } from '../posting/posting-rights.ts';
import { legPricePerSeat, readLegPricedRide, seatsLeftOn } from '../rides/legs.ts';
import { newBoardingCode } from './boarding-code.ts';
import { type BookingRow, bookingRow, statusIn, toBooking, toFact } from './booking-views.ts';
import { legsAfter, lockRideSeats, type RideSeats, writeLegs } from './seats.ts';
import { applyTransition } from './transitions.ts';

export type BookingRequest = z.output<typeof bookingInputSchema>;

const HOUR_MS = 3_600_000;

/** When a request on an approval ride lapses unanswered: 12 hours after it is made, or 2 hours before departure if sooner. */
export const requestExpiry = (now: Date, departureAt: Date) =>
  new Date(Math.min(now.getTime() + requestAnswerHours * HOUR_MS, departureAt.getTime() - requestCutoffHoursBeforeDeparture * HOUR_MS));

/**
 * What a seat costs on the passenger's leg, read on the locked ride: the whole route costs the
 * ride's price; a part of it the driver's price for that leg, else its share of the route (rides/legs.ts).
 */
async function legPriceOn(tx: Transaction, ride: RideSeats, boardAt: number, alightAt: number): Promise<string> {
  const priced = await readLegPricedRide(tx, ride.id);
  // Read in the transaction holding the ride's row: the ride is there.
  if (!priced) throw new Error(`ride ${ride.id} vanished while booked`);
  return legPricePerSeat(priced, boardAt, alightAt);
}

/** Krom's fee on a fare of `totalAmount` (decimal cedis) paid by `paymentMethod`: none for cash. */
const serviceFeeOn = (totalAmount: string, paymentMethod: BookingRequest['paymentMethod']) =>
  toDecimalCedis(paymentMethod === 'mobile_money' ? serviceFeePesewas(toPesewas(totalAmount)) : 0);

/** The status a new booking is written in: an approval ride's is a request; an instant ride's seat is the passenger's (cash) or accepted until paid. */
function firstStatus(bookingMode: RideSeats['bookingMode'], paymentMethod: BookingRequest['paymentMethod']) {
  if (bookingMode === 'approval') return 'requested' as const;
  return paymentMethod === 'cash' ? ('confirmed' as const) : ('accepted' as const);
}

/**
 * Books seats for `passengerId`, in one transaction with the ride's row locked: every rule is
 * checked on the ride as it is now (the listing the passenger saw may be 10 s old), the seats are
 * taken on each leg of their trip, and the booking is written with its history row and event. An
 * instant ride's booking paid in cash is confirmed at once (cash to the driver); paid by mobile
 * money it is accepted and, in the same transaction, held for the payment (`awaitPayment`: the
 * `payment_requested` fact asks payments to prompt the wallet). An approval ride's is a request
 * that lapses unanswered (`requestExpiry`). The fee and the wallet are stored on the booking either
 * way, so what payments collects is what rides charged. Refusals are HttpErrors in the contract's words.
 */
export async function bookSeats(
  db: TransactionRunner,
  passengerId: string,
  request: BookingRequest,
  options: {
    now?: Date;
    /** Runs in the booking's transaction once it is written (the idempotency key's answer is stored there). */
    booked?: (tx: Transaction, booking: Booking) => Promise<void>;
  } = {},
): Promise<Booking> {
  const now = options.now ?? new Date();
  return db.transaction(async (tx) => {
    await assertMayBook(tx, passengerId);
    const ride = await lockRideSeats(tx, request.rideId);
    if (!ride) throw new HttpError(404, bookingMessages.rideNotFound);
    await assertRideTakesBookings(tx, ride, passengerId, request, now);
    if (ride.womenOnly) await assertMayBookWomenOnly(tx, passengerId);
    await assertNotApart(tx, passengerId, ride.driverId);
    const left = seatsLeftOn({ seatsOffered: ride.seatsOffered, legSeatsTaken: ride.taken }, request.boardAt, request.alightAt);
    if (request.seats > left) throw new HttpError(409, bookingMessages.notEnoughSeats(left));

    const status = firstStatus(ride.bookingMode, request.paymentMethod);
    const expiresAt = status === 'requested' ? requestExpiry(now, ride.departureAt) : null;
    const pricePerSeat = await legPriceOn(tx, ride, request.boardAt, request.alightAt);
    const totalAmount = rideTotal(pricePerSeat, request.seats);
    await writeLegs(tx, ride, legsAfter(ride.taken, request.boardAt, request.alightAt, request.seats));
    const { rows } = await tx
      .execute<{ id: string }>(sql`
      INSERT INTO bookings (ride_id, passenger_id, board_at, alight_at, seats, price_per_seat, total_amount, service_fee, currency, status,
                            booking_mode, payment_method, wallet_phone, wallet_network, passenger_name, passenger_phone, special_requests,
                            boarding_code, expires_at, created_at, updated_at)
      VALUES (${ride.id}, ${passengerId}, ${request.boardAt}, ${request.alightAt}, ${request.seats}, ${pricePerSeat}::numeric,
              ${totalAmount}::numeric, ${serviceFeeOn(totalAmount, request.paymentMethod)}::numeric, ${ride.currency}, ${status},
              ${ride.bookingMode}, ${request.paymentMethod}, ${request.wallet?.phone ?? null}, ${request.wallet?.network ?? null},
              ${request.passengerName}, ${request.passengerPhone}, ${request.specialRequests || null}, ${await unusedCode(tx, ride.id)},
              ${expiresAt?.toISOString() ?? null}::timestamptz, ${now.toISOString()}::timestamptz, ${now.toISOString()}::timestamptz)
      RETURNING id`)
      .catch(refuseSecondLiveBooking);
    const id = rows[0]?.id;
    if (!id) throw new Error('booking insert returned no row');
    await tx.execute(sql`
      INSERT INTO booking_history (booking_id, from_status, to_status, actor, actor_id, version, at)
      VALUES (${id}, NULL, ${status}, 'passenger', ${passengerId}, 1, ${now.toISOString()}::timestamptz)`);
    let row: BookingRow | undefined;
    if (status === 'accepted') {
      // Accepted by the ride's own rule, with nobody to tell of it: the fact is the hold that follows in this transaction.
      row = await applyTransition(tx, id, 'awaitPayment', { actor: 'passenger', actorId: passengerId, now });
    } else {
      row = await bookingRow(tx, id);
      if (row) await recordEvent(tx, bookingEvents[status], toFact(row, null, 'passenger', { occurredAt: now }));
    }
    if (!row) throw new Error('booking vanished after insert');
    const booking = toBooking(row);
    await options.booked?.(tx, booking);
    return booking;
  });
}

/** The database's own guard against a second live booking (the check above sees it first but for a race with itself). */
function refuseSecondLiveBooking(error: unknown): never {
  const cause = (error as { cause?: { code?: string; constraint?: string } }).cause;
  if (cause?.code === '23505' && cause.constraint === 'bookings_one_live_per_passenger_key') throw new HttpError(409, bookingMessages.alreadyBooked);
  throw error;
}

/** A suspended or deleted member cannot book (rides' projection of identity says which). */
async function assertMayBook(tx: Transaction, passengerId: string) {
  const { rows } = await tx.execute<{ barred: boolean }>(sql`SELECT (suspended OR deleted) AS barred FROM user_profiles WHERE user_id = ${passengerId}`);
  if (rows[0]?.barred) throw new HttpError(403, bookingMessages.cannotBook);
}

/** The ride's own rules, on the locked row: not the passenger's own, active, still to leave, the leg on its route, one live booking each. */
async function assertRideTakesBookings(tx: Transaction, ride: RideSeats, passengerId: string, request: BookingRequest, now: Date) {
  if (ride.driverId === passengerId) throw new HttpError(403, bookingMessages.ownRide);
  if (ride.status === 'cancelled') throw new HttpError(409, bookingMessages.rideCancelled);
  if (ride.status !== 'active') throw new HttpError(409, bookingMessages.rideUnavailable);
  if (ride.departureAt.getTime() <= now.getTime()) throw new HttpError(409, bookingMessages.departed);
  // The destination is the place after the last stop.
  if (request.alightAt > ride.stopCount + 1) {
    throw new HttpError(400, bookingMessages.places, [{ field: 'alightAt', message: bookingMessages.places }]);
  }
  if (ride.bookingMode === 'approval' && requestExpiry(now, ride.departureAt).getTime() <= now.getTime()) {
    throw new HttpError(409, bookingMessages.tooLateToRequest);
  }
  const { rows } = await tx.execute<{ hidden: boolean; live: boolean }>(sql`
    SELECT
      EXISTS (SELECT 1 FROM user_profiles WHERE user_id = ${ride.driverId} AND (suspended OR deleted)) AS hidden,
      EXISTS (SELECT 1 FROM bookings WHERE ride_id = ${ride.id} AND passenger_id = ${passengerId}
              AND status IN ${statusIn(seatHoldingStatuses)}) AS live`);
  if (rows[0]?.hidden) throw new HttpError(409, bookingMessages.rideUnavailable);
  if (rows[0]?.live) throw new HttpError(409, bookingMessages.alreadyBooked);
}

/** Neither has blocked the other (blocks/): the blocker is told how to undo it, the blocked member only that the ride is not theirs to book. */
async function assertNotApart(tx: Transaction, passengerId: string, driverId: string) {
  const block = await blockBetween(tx, passengerId, driverId);
  if (block === 'me') throw new HttpError(403, memberSafetyMessages.bookBlocked);
  if (block === 'them') throw new HttpError(403, memberSafetyMessages.bookBlockedBy);
}

/** A women-only ride's seat goes only to a verified member who stated "woman", as rides' projection of identity says now (403). */
async function assertMayBookWomenOnly(tx: Transaction, passengerId: string) {
  const standing = await womenOnlyStanding(tx, passengerId);
  if (standing === 'notWoman') throw new HttpError(403, womenOnlyMessages.book);
  if (standing === 'unverified') throw new HttpError(403, womenOnlyMessages.bookUnverified);
}

/** A boarding code no other booking of the ride has (the ride's row is locked, so none is being written meanwhile). */
async function unusedCode(tx: Transaction, rideId: string): Promise<string> {
  for (;;) {
    const code = newBoardingCode();
    const { rows } = await tx.execute(sql`SELECT 1 FROM bookings WHERE ride_id = ${rideId} AND boarding_code = ${code}`);
    if (rows.length === 0) return code;
  }
}
