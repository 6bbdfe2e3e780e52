import { tripSharedWithContact } from '@krom/contracts/events/trip-shares';
import { isoDateTime, messageConsumerPact } from '@krom/server-kit/pact-messages';
import { asynchronousBodyHandler, MatchersV3 } from '@pact-foundation/pact';
import { describe, expect, it } from 'vitest';
import { readTripSharedWithContact } from '../src/events/handlers/trip-shared-with-contact.ts';
import { tripContactSms } from '../src/notifications/trip-contact-sms.ts';

const { like, regex, uuid } = MatchersV3;

// The same pact file as the other rides events: one consumer, one provider.
const pact = messageConsumerPact('krom-notifications', 'krom-rides');

describe('krom-notifications consuming krom-rides events', () => {
  it("texts a passenger's emergency contact their trip link", () =>
    pact
      .given('a passenger with a confirmed booking pressed the emergency button to text their emergency contact the trip link')
      .expectsToReceive(`a ${tripSharedWithContact.subject} event`)
      .withContent({
        id: uuid('5b1c2d3e-4f5a-4b6c-8d7e-9f0a1b2c3d4e'),
        type: tripSharedWithContact.subject,
        occurredAt: isoDateTime('2025-11-28T14:40:00.000Z'),
        data: {
          shareId: uuid('1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d'),
          bookingId: uuid('2b3c4d5e-6f7a-4b8c-9d0e-1f2a3b4c5d6e'),
          passengerId: uuid('3c4d5e6f-7a8b-4c9d-8e1f-2a3b4c5d6e7f'),
          passengerName: like('Ama Mensah'),
          contactName: like('Kwame Mensah'),
          contactPhone: like('0201234567'),
          link: regex(/^\/trip\/[\w-]{43}$/.source, '/trip/AbCdEfGhIjKlMnOpQrStUvWxYz0123456789-_AbCd'),
          fromLocation: like('Accra'),
          toLocation: like('Kumasi'),
          departureAt: isoDateTime('2025-11-28T14:30:00.000Z'),
          reason: regex(/^(departure|emergency)$/.source, 'emergency'),
          occurredAt: isoDateTime('2025-11-28T14:40:00.000Z'),
        },
      })
      .verify(
        asynchronousBodyHandler(async (body) => {
          const envelope = readTripSharedWithContact(body);
          expect(envelope.type).toBe(tripSharedWithContact.subject);
          const text = tripContactSms(envelope.data, 'https://krom.example');
          expect(text).toContain(`${envelope.data.passengerName} pressed the emergency button`);
          expect(text).toContain(`https://krom.example${envelope.data.link}`);
        }),
      ));
});
