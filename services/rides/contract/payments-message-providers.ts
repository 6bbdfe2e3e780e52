import { randomUUID } from 'node:crypto';
import { bookingEvents, bookingFactSchema } from '@krom/contracts/events/bookings';
import { paymentEvents } from '@krom/contracts/events/payments';
import { toPesewas } from '@krom/contracts/money';
import { deliverToConsumer, staffCaller, testEnvelope } from '@krom/server-kit/testing';
import { eq } from 'drizzle-orm';
import { boardByCode, reportNoShowAsDriver } from '../src/bookings/booking-actions.ts';
import { bookings, rides } from '../src/db/schema.ts';
import { closeUnboardedBookings, completeRides, expireBookings } from '../src/jobs/sweeps.ts';
import type { useRidesService } from '../test/rides-test-env.ts';
import { ridesMakers } from './rides-message-providers.ts';

type Handle = ReturnType<typeof useRidesService>;

const HOUR_MS = 3_600_000;
/** Ama's MTN wallet, as the booking form gives it. */
const wallet = { phone: '0244123467', network: 'mtn' } as const;

/**
 * Every booking message the rides service publishes that krom-payments' pact names: a booking of 2
 * seats from Nkawkaw to Kumasi paid by mobile money, made through the service's routes as the BFF
 * calls them, paid by payments' succeeded fact through the service's own consumer, then ended or
 * completed the way production does it (the routes, the staff route, the sweeps and the driver's
 * actions run with the clock the moment needs), and read back from the outbox row its transition wrote.
 */
export function paymentsMessageProviders(handle: Handle) {
  const { booking, bookingFact, call } = ridesMakers(handle);

  /** An instant mobile money booking, held for payment, then paid: payments' succeeded fact delivered to rides' consumer. */
  async function paidBooking() {
    const made = await booking('instant', undefined, wallet);
    const asked = bookingFactSchema.parse((await bookingFact('payment_requested', made)).data);
    const farePesewas = toPesewas(asked.totalAmount);
    const feePesewas = toPesewas(asked.serviceFee);
    const paid = testEnvelope(paymentEvents.succeeded, {
      paymentId: randomUUID(),
      bookingId: asked.bookingId,
      rideId: asked.rideId,
      passengerId: asked.passengerId,
      driverId: asked.driverId,
      status: 'succeeded',
      amountPesewas: farePesewas + feePesewas,
      farePesewas,
      feePesewas,
      currency: 'GHS',
      provider: 'local',
      walletMasked: '024 *** **67',
      reason: null,
      occurredAt: new Date().toISOString(),
      version: 2,
    });
    await deliverToConsumer(handle.service.bus, 'rides', paymentEvents.succeeded, paid);
    const [row] = await handle.service.db
      .select({ status: bookings.status, boardingCode: bookings.boardingCode, departureAt: rides.departureAt })
      .from(bookings)
      .innerJoin(rides, eq(rides.id, bookings.rideId))
      .where(eq(bookings.id, made.bookingId));
    if (row?.status !== 'confirmed' || !row.boardingCode) throw new Error(`the paid booking ${made.bookingId} is ${row?.status}, not confirmed`);
    return { ...made, boardingCode: row.boardingCode, departureAt: row.departureAt };
  }

  const state = async () => undefined;
  return {
    stateHandlers: {
      'a passenger booked 2 seats from Nkawkaw to Kumasi by mobile money on an instant-booking ride': state,
      'a passenger cancelled a booking of 2 seats paid by mobile money a week before the ride': state,
      'a driver cancelled a ride with a booking of 2 seats paid by mobile money': state,
      'staff cancelled a booking of 2 seats paid by mobile money': state,
      'a driver declined a request for 2 seats to be paid by mobile money': state,
      'the hold of a booking of 2 seats to be paid by mobile money lapsed unpaid': state,
      'a ride with a boarded passenger of a booking paid by mobile money was completed': state,
      'a driver reported a no-show on a booking paid by mobile money': state,
      'the no-show window of a booking paid by mobile money closed with the seat never boarded': state,
    },
    messageProviders: {
      [`a ${bookingEvents.payment_requested.subject} event`]: async () => bookingFact('payment_requested', await booking('instant', undefined, wallet)),
      [`a ${bookingEvents.cancelled_by_passenger.subject} event`]: async () => {
        const paid = await paidBooking();
        await call(paid.passenger, `/bookings/${paid.bookingId}/cancel`, {}, 'POST', 200);
        return bookingFact('cancelled_by_passenger', paid);
      },
      [`a ${bookingEvents.cancelled_by_driver.subject} event`]: async () => {
        const paid = await paidBooking();
        await call(paid.driver, `/rides/${paid.rideId}/cancel`, {}, 'POST', 200);
        return bookingFact('cancelled_by_driver', paid);
      },
      [`a ${bookingEvents.cancelled.subject} event`]: async () => {
        const paid = await paidBooking();
        await call(staffCaller(['support']), `/staff/bookings/${paid.bookingId}/cancel`, { reason: 'The passenger paid twice' }, 'POST', 200);
        return bookingFact('cancelled', paid);
      },
      [`a ${bookingEvents.declined.subject} event`]: async () => bookingFact('declined', await booking('approval', { by: 'driver', action: 'decline' }, wallet)),
      // The hold's sweep, run as its job runs it, a minute after the hold lapsed.
      [`a ${bookingEvents.expired.subject} event`]: async () => {
        const held = await booking('instant', undefined, wallet);
        const [row] = await handle.service.db.select({ expiresAt: bookings.expiresAt }).from(bookings).where(eq(bookings.id, held.bookingId));
        if (!row?.expiresAt) throw new Error(`the held booking ${held.bookingId} has no hold`);
        await expireBookings(handle.service.db, new Date(row.expiresAt.getTime() + 60_000));
        return bookingFact('expired', held);
      },
      // Boarded by its code an hour before departure, then the completion sweep a day after it.
      [`a ${bookingEvents.completed.subject} event`]: async () => {
        const paid = await paidBooking();
        await boardByCode(handle.service.db, paid.driver.userId, paid.rideId, paid.boardingCode, new Date(paid.departureAt.getTime() - HOUR_MS));
        await completeRides(handle.service.db, new Date(paid.departureAt.getTime() + 24 * HOUR_MS));
        return bookingFact('completed', paid);
      },
      // The sweep closing unboarded seats, run as its job runs it, a day and an hour after departure.
      [`a ${bookingEvents.not_boarded.subject} event`]: async () => {
        const paid = await paidBooking();
        await closeUnboardedBookings(handle.service.db, new Date(paid.departureAt.getTime() + 25 * HOUR_MS));
        return bookingFact('not_boarded', paid);
      },
      // Reported by the driver an hour after departure.
      [`a ${bookingEvents.no_show.subject} event`]: async () => {
        const paid = await paidBooking();
        await reportNoShowAsDriver(handle.service.db, paid.driver.userId, paid.bookingId, new Date(paid.departureAt.getTime() + HOUR_MS));
        return bookingFact('no_show', paid);
      },
    },
  };
}
