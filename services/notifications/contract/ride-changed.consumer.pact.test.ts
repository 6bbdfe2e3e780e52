import { rideChanged } from '@krom/contracts/events/rides';
import { isoDateTime, messageConsumerPact } from '@krom/server-kit/pact-messages';
import { asynchronousBodyHandler, MatchersV3 } from '@pact-foundation/pact';
import { describe, expect, it } from 'vitest';
import { readRideChanged } from '../src/events/handlers/ride-changed.ts';
import { bookedRideChangeNotice, bookedRideChangeSmsText } from '../src/notifications/booked-ride-change-notices.ts';
import { rideChangeNotice, rideChangeSmsText } from '../src/notifications/ride-change-notices.ts';

const { boolean, eachLike, integer, like, regex, uuid } = MatchersV3;

const date = (example: string) => regex(/^\d{4}-\d{2}-\d{2}$/.source, example);
const time = (example: string) => regex(/^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?$/.source, example);
const price = (example: string) => regex(/^\d+(\.\d{1,2})?$/.source, example);
const terms = (departureDate: string, departureTime: string, pricePerSeat: string) => ({
  departureDate: date(departureDate),
  departureTime: time(departureTime),
  departureAt: isoDateTime(`${departureDate}T${departureTime}:00.000Z`),
  availableSeats: integer(3),
  pricePerSeat: price(pricePerSeat),
  status: regex(/^(active|completed|cancelled)$/.source, 'active'),
});
const passengers = eachLike({
  requestId: uuid('4d2a6f3b-7c1e-4a5b-8c9d-3e4f5a6b7c8d'),
  passengerId: uuid('7f1e2d3c-4b5a-4c6d-8e9f-0a1b2c3d4e5f'),
  notifyByEmail: boolean(true),
  notifyBySMS: boolean(true),
  stillMatches: false,
});

// The same pact file as ride.posted and ride_request.matched: one consumer, one provider.
const pact = messageConsumerPact('krom-notifications', 'krom-rides');

describe('krom-notifications consuming krom-rides events', () => {
  it('tells the passengers told of a ride that its driver changed it, and whether it still matches their request', () =>
    pact
      .given("a ride matched to a passenger's request had its price raised above the passenger's maximum")
      .expectsToReceive(`a ${rideChanged.subject} event`)
      .withContent({
        id: uuid('6a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d'),
        type: rideChanged.subject,
        occurredAt: isoDateTime('2025-11-21T09:00:00.000Z'),
        data: {
          rideId: uuid('2b7c9d1e-4f3a-4b6c-8d9e-0f1a2b3c4d5e'),
          driverId: uuid('3c8d0e2f-5a4b-4c7d-9e0f-1a2b3c4d5e6f'),
          fromLocation: like('Accra'),
          toLocation: like('Kumasi'),
          currency: 'GHS',
          changed: ['pricePerSeat'],
          previous: terms('2025-11-28', '14:30', '120.00'),
          current: terms('2025-11-28', '14:30', '150.00'),
          passengers,
          changedAt: isoDateTime('2025-11-21T09:00:00.000Z'),
          version: integer(2),
        },
      })
      .verify(
        asynchronousBodyHandler(async (body) => {
          const envelope = readRideChanged(body);
          expect(envelope.type).toBe(rideChanged.subject);
          const [passenger] = envelope.data.passengers;
          if (!passenger) throw new Error('the event names no passenger');
          expect(rideChangeNotice(envelope.data, passenger)).toMatchObject({
            type: 'ride_request',
            title: 'A ride you were told about changed',
            message: 'The ride from Accra to Kumasi now costs GH₵150.00 a seat (was GH₵120.00). It no longer matches your ride request.',
            data: { rideId: envelope.data.rideId, requestId: passenger.requestId },
          });
          expect(rideChangeSmsText(envelope.data, passenger)).toBe(
            'Krom: your matched ride Accra to Kumasi changed: now Fri 28 Nov at 2:30 PM, 3 seats at GHS 150.00 each. No longer matches your request.',
          );
        }),
      ));

  it('tells each passenger who booked a ride that its driver now allows smoking and pets', () =>
    pact
      .given('a ride with a confirmed booking had smoking and pets allowed by its driver')
      .expectsToReceive(`a ${rideChanged.subject} event allowing smoking and pets on a booked ride`)
      .withContent({
        id: uuid('6a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4f'),
        type: rideChanged.subject,
        occurredAt: isoDateTime('2025-11-21T09:00:00.000Z'),
        data: {
          rideId: uuid('2b7c9d1e-4f3a-4b6c-8d9e-0f1a2b3c4d60'),
          driverId: uuid('3c8d0e2f-5a4b-4c7d-9e0f-1a2b3c4d5e71'),
          fromLocation: like('Accra'),
          toLocation: like('Kumasi'),
          currency: 'GHS',
          changed: ['preferences'],
          previous: { ...terms('2025-11-28', '14:30', '80.00'), preferences: { luggage: 'medium', smoking: false, pets: false, airConditioning: true, maxTwoInBack: true } },
          current: { ...terms('2025-11-28', '14:30', '80.00'), preferences: { luggage: 'medium', smoking: true, pets: true, airConditioning: true, maxTwoInBack: true } },
          passengers: [],
          bookedPassengerIds: eachLike(uuid('8a2f3e4d-5c6b-4d7e-9f0a-1b2c3d4e5f60')),
          changedAt: isoDateTime('2025-11-21T09:00:00.000Z'),
          version: integer(3),
        },
      })
      .verify(
        asynchronousBodyHandler(async (body) => {
          const envelope = readRideChanged(body);
          expect(envelope.data.bookedPassengerIds).toEqual(['8a2f3e4d-5c6b-4d7e-9f0a-1b2c3d4e5f60']);
          expect(bookedRideChangeNotice(envelope.data)).toMatchObject({
            type: 'booking',
            message: 'Your Accra to Kumasi ride on Fri 28 Nov has changed: smoking is now allowed, pets are now allowed. Open your booking in My Rides to see it.',
            data: { rideId: envelope.data.rideId, link: '/my-rides' },
          });
          expect(bookedRideChangeSmsText(envelope.data)).toBe(
            'Krom: Your Accra to Kumasi ride on Fri 28 Nov has changed: smoking is now allowed, pets are now allowed. Open Krom to see your booking.',
          );
        }),
      ));

  it('tells a passenger told of a ride who may not book it that it is now for women only', () =>
    pact
      .given("a ride matched to the request of a member who did not state woman was made women-only")
      .expectsToReceive(`a ${rideChanged.subject} event making the ride women-only`)
      .withContent({
        id: uuid('6a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4e'),
        type: rideChanged.subject,
        occurredAt: isoDateTime('2025-11-21T09:00:00.000Z'),
        data: {
          rideId: uuid('2b7c9d1e-4f3a-4b6c-8d9e-0f1a2b3c4d5f'),
          driverId: uuid('3c8d0e2f-5a4b-4c7d-9e0f-1a2b3c4d5e70'),
          fromLocation: like('Accra'),
          toLocation: like('Kumasi'),
          currency: 'GHS',
          changed: ['womenOnly'],
          previous: { ...terms('2025-11-28', '14:30', '80.00'), womenOnly: false },
          current: { ...terms('2025-11-28', '14:30', '80.00'), womenOnly: true },
          passengers,
          changedAt: isoDateTime('2025-11-21T09:00:00.000Z'),
          version: integer(2),
        },
      })
      .verify(
        asynchronousBodyHandler(async (body) => {
          const envelope = readRideChanged(body);
          const [passenger] = envelope.data.passengers;
          if (!passenger) throw new Error('the event names no passenger');
          expect(rideChangeNotice(envelope.data, passenger).message).toBe('The ride from Accra to Kumasi now is for women only. It no longer matches your ride request.');
        }),
      ));
});
