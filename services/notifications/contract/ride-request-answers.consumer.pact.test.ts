import { rideRequestExpired, rideRequestInvited } from '@krom/contracts/events/rides';
import { isoDateTime, messageConsumerPact } from '@krom/server-kit/pact-messages';
import { asynchronousBodyHandler, MatchersV3 } from '@pact-foundation/pact';
import { describe, expect, it } from 'vitest';
import { readRideRequestExpired } from '../src/events/handlers/ride-request-expired.ts';
import { readRideRequestInvited } from '../src/events/handlers/ride-request-invited.ts';
import { rideInvitationNotice, rideInvitationSmsText, rideRequestExpiredNotice } from '../src/notifications/ride-request-notices.ts';

const { integer, like, regex, uuid } = MatchersV3;

// The same pact file as ride.posted and ride_request.matched: one consumer, one provider.
const pact = messageConsumerPact('krom-notifications', 'krom-rides');

describe('krom-notifications consuming the answers to a ride request', () => {
  it('invites the passenger to book the ride a driver accepted their request for, in the app and by SMS with its link', () =>
    pact
      .given("a driver accepted a passenger's ride request for their ride from Accra to Kumasi")
      .expectsToReceive(`a ${rideRequestInvited.subject} event`)
      .withContent({
        id: uuid('6a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d'),
        type: rideRequestInvited.subject,
        occurredAt: isoDateTime('2025-11-20T09:00:00.000Z'),
        data: {
          requestId: uuid('4d2a6f3b-7c1e-4a5b-8c9d-3e4f5a6b7c8d'),
          passengerId: uuid('7f1e2d3c-4b5a-4c6d-8e9f-0a1b2c3d4e5f'),
          rideId: uuid('2b7c9d1e-4f3a-4b6c-8d9e-0f1a2b3c4d5e'),
          driverId: uuid('9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d'),
          driverFirstName: like('Kwame'),
          fromLocation: like('Accra'),
          toLocation: like('Kumasi'),
          departureDate: regex(/^\d{4}-\d{2}-\d{2}$/.source, '2025-11-28'),
          departureTime: regex(/^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?$/.source, '14:30'),
          departureAt: isoDateTime('2025-11-28T14:30:00.000Z'),
          seats: integer(2),
          pricePerSeat: regex(/^\d+(\.\d{1,2})?$/.source, '120.00'),
          currency: 'GHS',
          invitedAt: isoDateTime('2025-11-20T09:00:00.000Z'),
          version: integer(2),
        },
      })
      .verify(
        asynchronousBodyHandler(async (body) => {
          const envelope = readRideRequestInvited(body);
          const { rideId } = envelope.data;
          expect(rideInvitationNotice(envelope.data)).toMatchObject({
            type: 'ride_request',
            title: 'Kwame invites you to book a ride',
            message: "Kwame accepted your request: Accra to Kumasi on Fri 28 Nov at 2:30 PM, GH₵120.00 a seat. Book 2 seats from the ride's page.",
            data: { kind: 'invitation', rideId, link: `/ride-preview/${rideId}` },
          });
          expect(rideInvitationSmsText(envelope.data, 'https://krom.example')).toBe(
            `Krom: Kwame invites you to book Accra to Kumasi, Fri 28 Nov at 2:30 PM, GHS 120.00/seat. Book: https://krom.example/ride-preview/${rideId}`,
          );
        }),
      ));

  it('tells the passenger in the app that their request expired', () =>
    pact
      .given('a passenger\'s ride request for a date now past expired')
      .expectsToReceive(`a ${rideRequestExpired.subject} event`)
      .withContent({
        id: uuid('7b2c3d4e-5f6a-4b7c-8d9e-0f1a2b3c4d5e'),
        type: rideRequestExpired.subject,
        occurredAt: isoDateTime('2025-11-29T00:00:00.000Z'),
        data: {
          requestId: uuid('4d2a6f3b-7c1e-4a5b-8c9d-3e4f5a6b7c8d'),
          passengerId: uuid('7f1e2d3c-4b5a-4c6d-8e9f-0a1b2c3d4e5f'),
          fromLocation: like('Accra'),
          toLocation: like('Kumasi'),
          preferredDepartureDate: regex(/^\d{4}-\d{2}-\d{2}$/.source, '2025-11-28'),
          expiredAt: isoDateTime('2025-11-29T00:00:00.000Z'),
          version: integer(2),
        },
      })
      .verify(
        asynchronousBodyHandler(async (body) => {
          const envelope = readRideRequestExpired(body);
          expect(rideRequestExpiredNotice(envelope.data)).toMatchObject({
            title: 'Your ride request expired',
            message: 'Your request for a ride from Accra to Kumasi for Fri 28 Nov has expired. Search again or make a new request.',
          });
        }),
      ));
});
