import { randomUUID } from 'node:crypto';
import type { EventEnvelope } from '@krom/contracts/envelope';
import { type BookingFact, bookingEvents } from '@krom/contracts/events/bookings';
import type { EventBus } from '@krom/server-kit/bus';
import { deliverToConsumer, testEnvelope } from '@krom/server-kit/testing';

/** Rides' fact for a mobile money booking awaiting payment: GH₵120 fare (2 seats), GH₵6 fee, an MTN wallet. */
export function paymentRequested(changes: Partial<BookingFact> = {}): EventEnvelope<BookingFact> {
  const occurredAt = new Date();
  return testEnvelope(bookingEvents.payment_requested, {
    bookingId: randomUUID(),
    rideId: randomUUID(),
    passengerId: randomUUID(),
    driverId: randomUUID(),
    status: 'awaiting_payment',
    previousStatus: 'accepted',
    bookingMode: 'instant',
    paymentMethod: 'mobile_money',
    seats: 2,
    board: { index: 0, location: 'Circle, Accra', city: 'Accra', meetingPoint: null },
    alight: { index: 1, location: 'Kejetia, Kumasi', city: 'Kumasi', meetingPoint: null },
    pricePerSeat: '60.00',
    totalAmount: '120.00',
    serviceFee: '6.00',
    wallet: { phone: '0241234567', network: 'mtn' },
    currency: 'GHS',
    refundAmount: null,
    passengerFirstName: 'Ama',
    passengerPhone: '0241234567',
    driverFirstName: 'Kwame',
    vehicle: { make: 'Toyota', model: 'Corolla', color: 'Silver', licensePlate: 'GR-1234-20' },
    departureDate: '2026-12-01',
    departureTime: '08:00',
    departureAt: '2026-12-01T08:00:00.000Z',
    expiresAt: new Date(occurredAt.getTime() + 15 * 60_000).toISOString(),
    boardingCode: null,
    actor: 'passenger',
    reason: null,
    occurredAt: occurredAt.toISOString(),
    version: 2,
    ...changes,
  });
}

/** Publishes the fact and waits until payments' consumer has handled it (the prompt sent and recorded). */
export const deliverPaymentRequested = (bus: EventBus, envelope: EventEnvelope<BookingFact>) => deliverToConsumer(bus, 'payments', bookingEvents.payment_requested, envelope);
