import { type BookingFact, type BookingFactName, bookingEvents } from '@krom/contracts/events/bookings';
import { type BookingStatus, cancellableStatuses } from '@krom/contracts/http/bookings';
import { paymentHoldMinutes } from '@krom/contracts/http/payment-values';
import { recordEvent, type Transaction } from '@krom/server-kit/outbox';
import { sql } from 'drizzle-orm';
import { type BookingRow, bookingRow, statusIn, toFact } from './booking-views.ts';
import { legsAfter, lockRideSeats, type RideSeats, writeLegs } from './seats.ts';

/*
 * The booking's life, as one table: each action names the states it may start from, the state it
 * leads to, the fact it is announced as (`krom.rides.booking.<fact>.v1`) and whether the seats
 * come back. Every transition is one conditional UPDATE (`WHERE status IN (from)`) in the same
 * transaction as its history row and its outbox event, so two actions racing on one booking
 * (the driver's accept and the expiry job) cannot both happen: the second finds the status moved
 * and changes nothing.
 *
 *   requested → accepted | declined | expired | cancelled
 *   accepted → confirmed (cash)
 *   accepted → awaiting_payment (mobile money: the seats held `paymentHoldMinutes` for the prompt)
 *   awaiting_payment → confirmed (payment.succeeded) | expired (payment.failed, or the hold lapsed) | cancelled
 *   confirmed → boarded → completed
 *   confirmed → cancelled_by_passenger | cancelled_by_driver | no_show
 *   confirmed → not_boarded (the sweep, once the no-show window has closed with the seat neither boarded nor reported)
 */

type Transition = {
  from: readonly BookingStatus[];
  to: BookingStatus;
  fact: BookingFactName;
  releasesSeats: boolean;
  /** The minutes the seats are then held for before the expiry sweep lapses them; without it the booking has no expiry. */
  holdMinutes?: number;
};

export const bookingTransitions = {
  accept: { from: ['requested'], to: 'accepted', fact: 'accepted', releasesSeats: false },
  decline: { from: ['requested'], to: 'declined', fact: 'declined', releasesSeats: true },
  expire: { from: ['requested'], to: 'expired', fact: 'expired', releasesSeats: true },
  /** The passenger withdraws before the seat is theirs. */
  withdraw: { from: ['requested', 'accepted', 'awaiting_payment'], to: 'cancelled', fact: 'cancelled', releasesSeats: true },
  /** Mobile money: payments prompts the wallet (its fact asks for the fare and fee) and the seats are held until it answers or the hold lapses. */
  awaitPayment: { from: ['accepted'], to: 'awaiting_payment', fact: 'payment_requested', releasesSeats: false, holdMinutes: paymentHoldMinutes },
  lapseHold: { from: ['awaiting_payment'], to: 'expired', fact: 'expired', releasesSeats: true },
  /** A cash seat the driver accepted. */
  confirm: { from: ['accepted'], to: 'confirmed', fact: 'confirmed', releasesSeats: false },
  /** Payments says the money arrived (krom.payments.payment.succeeded.v1): the held seat is the passenger's. */
  paymentSucceeded: { from: ['awaiting_payment'], to: 'confirmed', fact: 'confirmed', releasesSeats: false },
  /** Payments says the prompt failed (declined, refused, not approved in time): the hold ends as a lapsed one does. */
  paymentFailed: { from: ['awaiting_payment'], to: 'expired', fact: 'expired', releasesSeats: true },
  board: { from: ['confirmed'], to: 'boarded', fact: 'boarded', releasesSeats: false },
  complete: { from: ['boarded'], to: 'completed', fact: 'completed', releasesSeats: false },
  cancelByPassenger: { from: ['confirmed'], to: 'cancelled_by_passenger', fact: 'cancelled_by_passenger', releasesSeats: true },
  cancelByDriver: {
    from: cancellableStatuses,
    to: 'cancelled_by_driver',
    fact: 'cancelled_by_driver',
    releasesSeats: true,
  },
  noShow: { from: ['confirmed'], to: 'no_show', fact: 'no_show', releasesSeats: false },
  /**
   * The no-show window closed on a seat nobody boarded by its code and the driver did not report:
   * nothing says the trip happened, so it ends and its money goes back in full (a sweep; the seats
   * stay counted, as a no-show's do: the ride has left).
   */
  notBoarded: { from: ['confirmed'], to: 'not_boarded', fact: 'not_boarded', releasesSeats: false },
  /** Staff cancel a live booking with a reason (the passenger is refunded in full, as when a driver cancels). */
  staffCancel: {
    from: cancellableStatuses,
    to: 'cancelled',
    fact: 'cancelled',
    releasesSeats: true,
  },
} as const satisfies Record<string, Transition>;
export type BookingAction = keyof typeof bookingTransitions;

export type TransitionBy = {
  actor: BookingFact['actor'];
  actorId?: string | null;
  reason?: string | null;
  /** What the cancellation policy gives back, for the event (a cancellation). */
  refundAmount?: string | null;
  now: Date;
};

/**
 * Moves the booking by `action` if it is in one of the action's starting states, in `tx`: the
 * update, the seats back where the action frees them (the ride's row locked first, the order
 * every booking transaction takes), a history row and the event. Answers the booking as it now
 * is, or undefined when its status did not allow the action (nothing changed).
 */
export async function applyTransition(
  tx: Transaction,
  bookingId: string,
  action: BookingAction,
  by: TransitionBy,
  /** The booking's ride, when the caller has locked it already (lockRideSeats): not read and locked again. */
  lockedRide?: RideSeats,
): Promise<BookingRow | undefined> {
  const transition: Transition = bookingTransitions[action];
  const ride = transition.releasesSeats ? (lockedRide ?? (await lockRideOf(tx, bookingId))) : undefined;
  // The booking's row locked and read as it now is, then moved only from an allowed state.
  const { rows: current } = await tx.execute<{ status: BookingStatus }>(sql`SELECT status FROM bookings WHERE id = ${bookingId} FOR UPDATE`);
  const previous = current[0]?.status;
  const holdEnds = transition.holdMinutes === undefined ? null : new Date(by.now.getTime() + transition.holdMinutes * 60_000).toISOString();
  const { rows } = await tx.execute<{ seats: number; boardAt: number; alightAt: number; version: number }>(sql`
    UPDATE bookings SET status = ${transition.to}, version = version + 1, updated_at = ${by.now.toISOString()}::timestamptz,
      expires_at = ${holdEnds}::timestamptz
    WHERE id = ${bookingId} AND status IN ${statusIn(transition.from)}
    RETURNING seats, board_at AS "boardAt", alight_at AS "alightAt", version`);
  const moved = rows[0];
  if (!moved || previous === undefined) return undefined;
  if (ride) await writeLegs(tx, ride, legsAfter(ride.taken, moved.boardAt, moved.alightAt, -moved.seats));
  await tx.execute(sql`
    INSERT INTO booking_history (booking_id, from_status, to_status, actor, actor_id, reason, version, at)
    VALUES (${bookingId}, ${previous}, ${transition.to}, ${by.actor}, ${by.actorId ?? null}, ${by.reason ?? null}, ${moved.version},
            ${by.now.toISOString()}::timestamptz)`);
  const row = await bookingRow(tx, bookingId);
  if (!row) throw new Error(`booking ${bookingId} vanished in its transition`);
  // A refund only for a seat that was the passenger's: a request or an unpaid hold had nothing to give back.
  const refundAmount = previous === 'confirmed' || previous === 'boarded' ? (by.refundAmount ?? null) : null;
  await recordEvent(tx, bookingEvents[transition.fact], toFact(row, previous, by.actor, { ...by, refundAmount, occurredAt: by.now }));
  return row;
}

/** Locks the booking's ride (its seats) before the booking itself: the lock order of every booking transaction. */
async function lockRideOf(tx: Transaction, bookingId: string) {
  const { rows } = await tx.execute<{ rideId: string }>(sql`SELECT ride_id AS "rideId" FROM bookings WHERE id = ${bookingId}`);
  const rideId = rows[0]?.rideId;
  return rideId === undefined ? undefined : lockRideSeats(tx, rideId);
}
