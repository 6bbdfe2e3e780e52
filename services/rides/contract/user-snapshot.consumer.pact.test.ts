import { userSnapshotSubject } from '@krom/contracts/events/identity';
import { verificationStatuses } from '@krom/contracts/http/auth';
import { isoDateTime, messageConsumerPact } from '@krom/server-kit/pact-messages';
import { asynchronousBodyHandler, MatchersV3 } from '@pact-foundation/pact';
import { describe, expect, it } from 'vitest';
import { readUserSnapshot } from '../src/events/handlers/user-snapshot.ts';

const { boolean, integer, like, regex, uuid } = MatchersV3;

const status = (example: string) => regex(`^(${verificationStatuses.join('|')})$`, example);

const pact = messageConsumerPact('krom-rides', 'krom-identity');

describe('krom-rides consuming krom-identity user snapshots', () => {
  it('reads what it shows of a member and whether she stated “woman” (who may post or book a women-only ride)', () =>
    pact
      .given('a verified member stated in her profile that she is a woman')
      .expectsToReceive(`a ${userSnapshotSubject}.<userId> event`)
      .withContent({
        id: uuid('1f2e3d4c-5b6a-4798-8a7b-6c5d4e3f2a1b'),
        type: regex(`^${userSnapshotSubject.replaceAll('.', '\\.')}\\.[0-9a-f-]{36}$`, `${userSnapshotSubject}.3c9e7b51-2d4a-4f6e-8b7c-1a2b3c4d5e6f`),
        occurredAt: isoDateTime('2025-03-02T10:15:00.000Z'),
        data: {
          userId: uuid('3c9e7b51-2d4a-4f6e-8b7c-1a2b3c4d5e6f'),
          version: integer(4),
          firstName: like('Abena'),
          lastName: like('Owusu'),
          profileImageUrl: null,
          isVerified: boolean(true),
          verificationStatus: status('approved'),
          isDriver: boolean(false),
          driverVerificationStatus: status('not_submitted'),
          suspended: boolean(false),
          deleted: boolean(false),
          changedAt: isoDateTime('2025-03-02T10:15:00.000Z'),
          statedWoman: boolean(true),
        },
      })
      .verify(
        asynchronousBodyHandler(async (body) => {
          // What applyUserSnapshot writes (the database part is covered by test/ride-preferences.test.ts and test/user-profiles.test.ts).
          const { data } = readUserSnapshot(body);
          expect(data).toMatchObject({ firstName: 'Abena', isVerified: true, verificationStatus: 'approved', statedWoman: true, version: 4 });
        }),
      ));
});
