import { verificationDecided } from '@krom/contracts/events/identity';
import { verificationStatuses } from '@krom/contracts/http/auth';
import { isoDateTime, messageConsumerPact } from '@krom/server-kit/pact-messages';
import { asynchronousBodyHandler, MatchersV3 } from '@pact-foundation/pact';
import { describe, expect, it } from 'vitest';
import { decisionSmsRecord, readVerificationDecided } from '../src/events/handlers/verification-decided.ts';
import { verificationDecidedNotice } from '../src/notifications/verification-notices.ts';

const { boolean, integer, like, regex, uuid } = MatchersV3;

const oneOf = (values: readonly string[], example: string) => regex(`^(${values.join('|')})$`, example);
const status = (example: string) => oneOf(verificationStatuses, example);

// The same pact file as user.registered: one consumer, one provider.
const pact = messageConsumerPact('krom-notifications', 'krom-identity');

describe('krom-notifications consuming krom-identity events', () => {
  it('turns a rejected driver verification into a notification and an SMS that give the reason', () =>
    pact
      .given('staff decided a verification submission')
      .expectsToReceive(`a ${verificationDecided.subject} event`)
      .withContent({
        id: uuid('0d6f3a52-7c41-4b8e-9f20-3e4d5c6b7a81'),
        type: verificationDecided.subject,
        occurredAt: isoDateTime('2025-03-02T10:15:00.000Z'),
        data: {
          submissionId: uuid('5b2e8c41-9d3f-4a6b-8c7d-2e1f0a9b8c7d'),
          userId: uuid('3c9e7b51-2d4a-4f6e-8b7c-1a2b3c4d5e6f'),
          kind: oneOf(['identity', 'driver'], 'driver'),
          decision: oneOf(['approved', 'rejected'], 'rejected'),
          reason: like('The licence photo is blurred.'),
          decidedBy: uuid('9a8b7c6d-5e4f-4a3b-9c2d-1e0f9a8b7c6d'),
          decidedAt: isoDateTime('2025-03-02T10:15:00.000Z'),
          isVerified: boolean(true),
          verificationStatus: status('approved'),
          isDriver: boolean(false),
          driverVerificationStatus: status('rejected'),
          version: integer(7),
        },
      })
      .verify(
        asynchronousBodyHandler(async (body) => {
          const envelope = readVerificationDecided(body);
          expect(envelope.type).toBe(verificationDecided.subject);
          expect(verificationDecidedNotice(envelope.data)).toMatchObject({
            type: 'system',
            title: 'Driver verification declined',
            message: expect.stringContaining('Reason: The licence photo is blurred. Open Krom to try again.'),
            data: { kind: 'driver', decision: 'rejected', submissionId: envelope.data.submissionId, link: '/verify-identity-driver' },
          });
          const sms = decisionSmsRecord(envelope, '+233241234567', 'local');
          expect(sms).toMatchObject({ phoneNumber: '+233241234567', messageType: 'notification', userId: envelope.data.userId, sourceEventId: envelope.id });
          expect(sms.message).toContain('Reason: The licence photo is blurred.');
          expect(sms.failure).toBeUndefined();
        }),
      ));
});
