import { messageReported } from '@krom/contracts/events/messages';
import { memberReportReasons } from '@krom/contracts/http/member-safety-values';
import { envelopeReader } from '@krom/server-kit/consumer';
import { isoDateTime, messageConsumerPact } from '@krom/server-kit/pact-messages';
import { asynchronousBodyHandler, MatchersV3 } from '@pact-foundation/pact';
import { describe, expect, it } from 'vitest';

const { like, regex, uuid } = MatchersV3;

const pact = messageConsumerPact('krom-admin', 'krom-rides');

describe('krom-admin consuming krom-rides reported messages', () => {
  it('reads a reported message as a case for staff: who reported whom, why, and the message as stored', () =>
    pact
      .given('a member reported a message the driver of their conversation wrote')
      .expectsToReceive(`a ${messageReported.subject} event`)
      .withContent({
        id: uuid('2d4f6b8d-3e5a-4c7e-9a1c-5e7a9c1e3a5c'),
        type: messageReported.subject,
        occurredAt: isoDateTime('2026-11-27T08:05:00.000Z'),
        data: {
          reportId: uuid('6a8c0e2a-4b6d-4f8a-9c2e-7a9c1e3a5c7e'),
          messageId: uuid('8c0e2a4c-5d7f-4a9b-8e3f-9c1e3a5c7e9a'),
          conversationId: uuid('0e2a4c6e-6f8a-4b0c-9f4a-1e3a5c7e9a1c'),
          rideId: uuid('1f3b5d7f-7a9c-4c1d-8a5b-2f4b6d8f0a2c'),
          reporterId: uuid('3b5d7f9b-8b0d-4d2e-9b6c-4b6d8f0a2c4e'),
          reportedId: uuid('5d7f9b1d-9c1e-4e3f-8c7d-6d8f0a2c4e6a'),
          reason: regex(`^(${memberReportReasons.join('|')})$`, 'scam_or_fraud'),
          details: like('He wants the money before the trip'),
          messageText: like('Send the money to [hidden until booked] first'),
          messageSentAt: isoDateTime('2026-11-27T08:00:00.000Z'),
          reportedAt: isoDateTime('2026-11-27T08:05:00.000Z'),
        },
      })
      .verify(
        asynchronousBodyHandler(async (body) => {
          const envelope = envelopeReader(messageReported)(body);
          expect(envelope.data).toMatchObject({ reason: 'scam_or_fraud', messageText: 'Send the money to [hidden until booked] first' });
        }),
      ));
});
