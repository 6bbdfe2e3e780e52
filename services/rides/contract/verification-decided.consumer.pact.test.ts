import { verificationDecided } from '@krom/contracts/events/identity';
import { verificationStatuses } from '@krom/contracts/http/auth';
import { isoDateTime, messageConsumerPact } from '@krom/server-kit/pact-messages';
import { asynchronousBodyHandler, MatchersV3 } from '@pact-foundation/pact';
import { describe, expect, it } from 'vitest';
import { readVerificationDecided } from '../src/events/handlers/verification-decided.ts';

const { boolean, integer, like, regex, uuid } = MatchersV3;

const oneOf = (values: readonly string[], example: string) => regex(`^(${values.join('|')})$`, example);
const status = (example: string) => oneOf(verificationStatuses, example);

const pact = messageConsumerPact('krom-rides', 'krom-identity');

describe('krom-rides consuming krom-identity events', () => {
  it('reads the statuses and version a verification decision leaves the account at', () =>
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
          // What applyVerificationDecision writes (the database part is covered by test/verification-decided.test.ts).
          const { data } = readVerificationDecided(body);
          expect(data).toMatchObject({ isVerified: true, verificationStatus: 'approved', isDriver: false, driverVerificationStatus: 'rejected', version: 7 });
          expect(new Date(data.decidedAt).toISOString()).toBe('2025-03-02T10:15:00.000Z');
        }),
      ));
});
