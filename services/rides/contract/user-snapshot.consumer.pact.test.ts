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

  it('reads the member phone and the phone and profile privacy toggles it applies (who may call whom, what a hidden profile shows)', () =>
    pact
      .given('a member turned "show phone to drivers" and "show profile to others" off in settings')
      .expectsToReceive(`a ${userSnapshotSubject}.<userId> event after a privacy save`)
      .withContent({
        id: uuid('2a3b4c5d-6e7f-4801-9a2b-3c4d5e6f7a8b'),
        type: regex(`^${userSnapshotSubject.replaceAll('.', '\\.')}\\.[0-9a-f-]{36}$`, `${userSnapshotSubject}.4d5e6f70-1a2b-4c3d-8e4f-5a6b7c8d9e0f`),
        occurredAt: isoDateTime('2025-03-02T10:15:00.000Z'),
        data: {
          userId: uuid('4d5e6f70-1a2b-4c3d-8e4f-5a6b7c8d9e0f'),
          version: integer(2),
          firstName: like('Ama'),
          lastName: like('Mensah'),
          profileImageUrl: null,
          isVerified: boolean(false),
          verificationStatus: status('not_submitted'),
          isDriver: boolean(false),
          driverVerificationStatus: status('not_submitted'),
          suspended: boolean(false),
          deleted: boolean(false),
          changedAt: isoDateTime('2025-03-02T10:15:00.000Z'),
          phone: regex('^0[2-9][0-9]{8}$', '0244123456'),
          showPhone: boolean(false),
          showProfile: boolean(false),
        },
      })
      .verify(
        asynchronousBodyHandler(async (body) => {
          // What applyUserSnapshot writes (the database part is covered by test/booking-contact.test.ts).
          const { data } = readUserSnapshot(body);
          expect(data).toMatchObject({ phone: '0244123456', showPhone: false, showProfile: false, version: 2 });
        }),
      ));
});
