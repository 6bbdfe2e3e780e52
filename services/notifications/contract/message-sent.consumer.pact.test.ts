import { messageSent } from '@krom/contracts/events/messages';
import { isoDateTime, messageConsumerPact } from '@krom/server-kit/pact-messages';
import { asynchronousBodyHandler, MatchersV3 } from '@pact-foundation/pact';
import { describe, expect, it } from 'vitest';
import { messageSmsText, readMessageSent } from '../src/events/handlers/message-sent.ts';

const { like, regex, uuid } = MatchersV3;

// The same pact file as the other rides events: one consumer, one provider.
const pact = messageConsumerPact('krom-notifications', 'krom-rides');

describe('krom-notifications consuming krom-rides events', () => {
  it('tells the recipient of a message, naming the sender and the ride', () =>
    pact
      .given("a passenger wrote to a ride's driver")
      .expectsToReceive(`a ${messageSent.subject} event`)
      .withContent({
        id: uuid('6c2d3e4f-5a6b-4c7d-8e9f-0a1b2c3d4e5f'),
        type: messageSent.subject,
        occurredAt: isoDateTime('2025-11-28T14:40:00.000Z'),
        data: {
          messageId: uuid('7d3e4f5a-6b7c-4d8e-9f0a-1b2c3d4e5f6a'),
          conversationId: uuid('8e4f5a6b-7c8d-4e9f-8a1b-2c3d4e5f6a7b'),
          rideId: uuid('9f5a6b7c-8d9e-4f0a-9b2c-3d4e5f6a7b8c'),
          senderId: uuid('3c4d5e6f-7a8b-4c9d-8e1f-2a3b4c5d6e7f'),
          senderFirstName: like('Ama'),
          recipientId: uuid('1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d'),
          recipientRole: regex(/^(driver|passenger)$/.source, 'driver'),
          preview: like('Is there space for 2 seats?'),
          fromLocation: like('Accra'),
          toLocation: like('Kumasi'),
          departureAt: isoDateTime('2025-12-01T07:30:00.000Z'),
          sentAt: isoDateTime('2025-11-28T14:40:00.000Z'),
        },
      })
      .verify(
        asynchronousBodyHandler(async (body) => {
          const envelope = readMessageSent(body);
          expect(envelope.type).toBe(messageSent.subject);
          expect(messageSmsText(envelope.data)).toBe(
            `Krom: New message from ${envelope.data.senderFirstName} about your ${envelope.data.fromLocation} to ${envelope.data.toLocation} ride. Open Krom to reply.`,
          );
        }),
      ));
});
