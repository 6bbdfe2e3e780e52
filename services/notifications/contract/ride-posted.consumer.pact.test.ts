import { ridePosted } from '@krom/contracts/events/rides';
import { stopTypes } from '@krom/contracts/http/rides';
import { isoDateTime, messageConsumerPact } from '@krom/server-kit/pact-messages';
import { asynchronousBodyHandler, MatchersV3 } from '@pact-foundation/pact';
import { describe, expect, it } from 'vitest';
import { readRidePosted, ridePostedNotice } from '../src/events/handlers/ride-posted.ts';

const { eachLike, integer, like, number, regex, uuid } = MatchersV3;

const oneOf = (values: readonly string[], example: string) => regex(`^(${values.join('|')})$`, example);

/** A place on the route as the wizard sends it when picked from suggestions: every field known. */
const point = (location: string, city: string, localityArea: string, region: string, placeId: string, latitude: number, longitude: number) => ({
  location: like(location),
  city: like(city),
  localityArea: like(localityArea),
  region: like(region),
  placeId: like(placeId),
  latitude: number(latitude),
  longitude: number(longitude),
});

const pact = messageConsumerPact('krom-notifications', 'krom-rides');

describe('krom-notifications consuming krom-rides events', () => {
  it('tells the driver that the ride they posted is live, naming its towns, date and time', () =>
    pact
      .given('a verified driver posted a ride from Accra to Kumasi with a stop at Nkawkaw')
      .expectsToReceive(`a ${ridePosted.subject} event`)
      .withContent({
        id: uuid('6a1f0c3e-8b2d-4e7a-9c5f-1d2e3f4a5b6c'),
        type: ridePosted.subject,
        occurredAt: isoDateTime('2025-11-20T09:00:00.000Z'),
        data: {
          rideId: uuid('2b7c9d1e-4f3a-4b6c-8d9e-0f1a2b3c4d5e'),
          driverId: uuid('3c9e7b51-2d4a-4f6e-8b7c-1a2b3c4d5e6f'),
          from: point('Kaneshie Station', 'Accra', 'Kaneshie', 'Greater Accra', 'osm-n1234567001', 5.5667, -0.2333),
          to: point('Kejetia', 'Kumasi', 'Adum', 'Ashanti', 'osm-n1234567002', 6.6966, -1.6224),
          stops: eachLike({
            ...point('Nkawkaw Station', 'Nkawkaw', 'Nkawkaw', 'Eastern', 'osm-n1234567003', 6.5509, -0.7663),
            stopOrder: integer(1),
            stopType: oneOf(stopTypes, 'either'),
          }),
          departureDate: regex(/^\d{4}-\d{2}-\d{2}$/.source, '2025-11-28'),
          // The ride's HH:MM (a time column may add the seconds; this service reads either).
          departureTime: regex(/^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?$/.source, '14:30'),
          departureAt: isoDateTime('2025-11-28T14:30:00.000Z'),
          availableSeats: integer(3),
          // The vehicle's seats, the driver's included (v1's meaning); passengerSeats, added later, are those but the driver's.
          totalSeats: integer(5),
          passengerSeats: integer(4),
          pricePerSeat: regex(/^\d+(\.\d{1,2})?$/.source, '120.00'),
          currency: 'GHS',
          postedAt: isoDateTime('2025-11-20T09:00:00.000Z'),
          version: integer(1),
        },
      })
      .verify(
        asynchronousBodyHandler(async (body) => {
          const envelope = readRidePosted(body);
          expect(envelope.type).toBe(ridePosted.subject);
          expect(ridePostedNotice(envelope.data)).toEqual({
            type: 'system',
            title: 'Ride posted',
            message: 'Your ride from Accra to Kumasi on Fri 28 Nov at 2:30 PM is live.',
            actionRequired: false,
            data: { rideId: envelope.data.rideId, link: `/ride-preview/${envelope.data.rideId}` },
          });
        }),
      ));
});
