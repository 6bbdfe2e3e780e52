import { rideRequestMatched } from '@krom/contracts/events/rides';
import { isoDateTime, messageConsumerPact } from '@krom/server-kit/pact-messages';
import { asynchronousBodyHandler, MatchersV3 } from '@pact-foundation/pact';
import { describe, expect, it } from 'vitest';
import { readRideRequestMatched, rideMatchKey, rideMatchSmsRecord } from '../src/events/handlers/ride-request-matched.ts';
import { rideMatchEmail, rideMatchNotice } from '../src/notifications/ride-match-notices.ts';

const { boolean, integer, like, regex, uuid } = MatchersV3;


// The same pact file as ride.posted: one consumer, one provider.
const pact = messageConsumerPact('krom-notifications', 'krom-rides');

/** The event's data as rides writes it; `changes` for the kind of match. */
const matchedData = (changes: Record<string, unknown> = {}) => ({
  requestId: uuid('4d2a6f3b-7c1e-4a5b-8c9d-3e4f5a6b7c8d'),
  passengerId: uuid('7f1e2d3c-4b5a-4c6d-8e9f-0a1b2c3d4e5f'),
  rideId: uuid('2b7c9d1e-4f3a-4b6c-8d9e-0f1a2b3c4d5e'),
  // Whose ride: one driver's rides are told to one passenger a bounded number of times a day.
  driverId: uuid('9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d'),
  // The ride's short code: the SMS ends with how to book the ride by SMS, its code in it.
  rideCode: regex(/^[A-Z0-9]{4,8}$/.source, 'K7P2Q'),
  // Place names as the passenger will read them.
  fromLocation: like('Accra'),
  toLocation: like('Kumasi'),
  departureDate: regex(/^\d{4}-\d{2}-\d{2}$/.source, '2025-11-28'),
  // The ride's HH:MM (a time column may add the seconds; this service reads either).
  departureTime: regex(/^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?$/.source, '14:30'),
  departureAt: isoDateTime('2025-11-28T14:30:00.000Z'),
  availableSeats: integer(3),
  pricePerSeat: regex(/^\d+(\.\d{1,2})?$/.source, '120.00'),
  currency: 'GHS',
  notifyByEmail: boolean(true),
  notifyBySMS: boolean(true),
  matchedAt: isoDateTime('2025-11-20T09:00:00.000Z'),
  version: integer(1),
  ...changes,
});

describe('krom-notifications consuming krom-rides events', () => {
  it('tells the passenger that a ride matches their request, in the app and by the channels the request asks for', () =>
    pact
      .given("a posted ride matched a passenger's ride request")
      .expectsToReceive(`a ${rideRequestMatched.subject} event`)
      .withContent({
        id: uuid('8e3b1c2d-5f4a-4b6c-9d7e-2a3b4c5d6e7f'),
        type: rideRequestMatched.subject,
        occurredAt: isoDateTime('2025-11-20T09:00:00.000Z'),
        data: matchedData(),
      })
      .verify(
        asynchronousBodyHandler(async (body) => {
          const envelope = readRideRequestMatched(body);
          expect(envelope.type).toBe(rideRequestMatched.subject);
          const { requestId, rideId, driverId } = envelope.data;
          expect(rideMatchNotice(envelope.data)).toEqual({
            type: 'ride_request',
            title: 'A ride matches your request',
            message: 'A ride from Accra to Kumasi on Fri 28 Nov at 2:30 PM has 3 seats at GH₵120.00 each.',
            actionRequired: false,
            data: { kind: 'match', requestId, rideId, driverId, link: `/ride-preview/${rideId}` },
          });
          expect(rideMatchSmsRecord(envelope.data, '0241234567', 'local')).toMatchObject({
            phoneNumber: '+233241234567',
            message: 'Krom: a ride matches your request. Accra to Kumasi, Fri 28 Nov at 2:30 PM, 3 seats at GHS 120.00 each. Reply BOOK K7P2Q <seats>',
            sourceEventId: rideMatchKey({ requestId, rideId }),
            userId: envelope.data.passengerId,
          });
          expect(rideMatchEmail(envelope.data).subject).toBe('A ride matches your Krom ride request');
        }),
      ));

  it("tells the member of a ride for their saved search, worded as their saved search, in the app and by SMS", () =>
    pact
      .given("a posted ride matched a member's saved search")
      .expectsToReceive(`a ${rideRequestMatched.subject} event for a saved search`)
      .withContent({
        id: uuid('8e3b1c2d-5f4a-4b6c-9d7e-2a3b4c5d6e80'),
        type: rideRequestMatched.subject,
        occurredAt: isoDateTime('2025-11-20T09:00:00.000Z'),
        // A saved search is told by SMS (as the member's settings allow), never by e-mail.
        data: matchedData({ notifyByEmail: false, notifyBySMS: true, kind: 'saved_search' }),
      })
      .verify(
        asynchronousBodyHandler(async (body) => {
          const envelope = readRideRequestMatched(body);
          expect(rideMatchNotice(envelope.data)).toMatchObject({
            title: 'A ride matches your saved search',
            message: 'New ride for your saved search: Accra to Kumasi on Fri 28 Nov at 2:30 PM, GH₵120.00/seat. Open Krom to book.',
          });
          expect(rideMatchSmsRecord(envelope.data, '0241234567', 'local').message).toBe(
            'Krom: New ride for your saved search: Accra to Kumasi on Fri 28 Nov at 2:30 PM, GHS 120.00/seat. Reply BOOK K7P2Q <seats>',
          );
        }),
      ));
});
