import { userSuspended, userUnsuspended } from '@krom/contracts/events/identity';
import { isoDateTime, messageConsumerPact } from '@krom/server-kit/pact-messages';
import { asynchronousBodyHandler, MatchersV3 } from '@pact-foundation/pact';
import { describe, expect, it } from 'vitest';
import { readUserSuspended, readUserUnsuspended } from '../src/events/handlers/user-suspended.ts';

const { like, uuid } = MatchersV3;

const pact = messageConsumerPact('krom-rides', 'krom-identity');

/** What rides reads of a suspension or its lifting: whose account (the rest is identity's record of staff's decision). */
const suspension = (subject: string) => ({
  id: uuid('7e1f2a3b-4c5d-4e6f-8a9b-0c1d2e3f4a5b'),
  type: subject,
  occurredAt: isoDateTime('2025-03-02T10:15:00.000Z'),
  data: {
    userId: uuid('3c9e7b51-2d4a-4f6e-8b7c-1a2b3c4d5e6f'),
    reason: like('Repeated no-shows reported by drivers'),
    staffId: uuid('9a8b7c6d-5e4f-4a3b-9c2d-1e0f9a8b7c6d'),
    occurredAt: isoDateTime('2025-03-02T10:15:00.000Z'),
  },
});

describe('krom-rides consuming krom-identity suspensions', () => {
  it('reads whose account staff suspended (their rides to come are cancelled, posting and booking refused)', () =>
    pact
      .given('staff suspended a member')
      .expectsToReceive(`a ${userSuspended.subject} event`)
      .withContent(suspension(userSuspended.subject))
      .verify(
        asynchronousBodyHandler(async (body) => {
          // What handleUserSuspended acts on (the database part is covered by test/user-suspended.test.ts).
          expect(readUserSuspended(body).data.userId).toBe('3c9e7b51-2d4a-4f6e-8b7c-1a2b3c4d5e6f');
        }),
      ));

  it('reads whose suspension staff lifted (they may post and book again)', () =>
    pact
      .given('staff lifted a member suspension')
      .expectsToReceive(`a ${userUnsuspended.subject} event`)
      .withContent(suspension(userUnsuspended.subject))
      .verify(
        asynchronousBodyHandler(async (body) => {
          expect(readUserUnsuspended(body).data.userId).toBe('3c9e7b51-2d4a-4f6e-8b7c-1a2b3c4d5e6f');
        }),
      ));
});
