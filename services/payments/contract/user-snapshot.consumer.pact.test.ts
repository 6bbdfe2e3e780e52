import { userSnapshotSubject } from '@krom/contracts/events/identity';
import { isoDateTime, messageConsumerPact } from '@krom/server-kit/pact-messages';
import { asynchronousBodyHandler, MatchersV3 } from '@pact-foundation/pact';
import { describe, expect, it } from 'vitest';
import { readUserSnapshot } from '../src/events/handlers/user-snapshot.ts';
import { fullName } from '../src/events/user-names.ts';

const { boolean, integer, like, regex, uuid } = MatchersV3;

const pact = messageConsumerPact('krom-payments', 'krom-identity');

describe('krom-payments consuming krom-identity events', () => {
  it('keeps from a user.snapshot envelope the name a driver’s payouts are sent to', () =>
    pact
      .given('a person registered an account')
      .expectsToReceive(`a ${userSnapshotSubject} event`)
      .withContent({
        id: uuid('6a1f0c2e-8b3d-4e5f-9a10-2b3c4d5e6f71'),
        // The user's id ends the subject.
        type: regex(`^krom\\.identity\\.user\\.snapshot\\.v1\\.[0-9a-f-]{36}$`, `${userSnapshotSubject}.3c9e7b51-2d4a-4f6e-8b7c-1a2b3c4d5e6f`),
        occurredAt: isoDateTime('2025-03-01T09:30:00.000Z'),
        data: {
          userId: uuid('3c9e7b51-2d4a-4f6e-8b7c-1a2b3c4d5e6f'),
          version: integer(1),
          firstName: like('Ama'),
          lastName: like('Mensah'),
          profileImageUrl: null,
          isVerified: boolean(false),
          verificationStatus: like('not_submitted'),
          isDriver: boolean(false),
          driverVerificationStatus: like('not_submitted'),
          suspended: boolean(false),
          deleted: boolean(false),
          changedAt: isoDateTime('2025-03-01T09:30:00.000Z'),
        },
      })
      .verify(
        asynchronousBodyHandler(async (body) => {
          const envelope = readUserSnapshot(body);
          expect(envelope.type).toBe(`${userSnapshotSubject}.${envelope.data.userId}`);
          expect(fullName(envelope.data)).toBe('Ama Mensah');
        }),
      ));
});
