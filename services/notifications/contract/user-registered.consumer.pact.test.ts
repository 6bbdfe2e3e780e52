import { userRegistered } from '@krom/contracts/events/identity';
import { ghanaPhonePattern } from '@krom/contracts/http/fields';
import { isoDateTime, messageConsumerPact } from '@krom/server-kit/pact-messages';
import { asynchronousBodyHandler, MatchersV3 } from '@pact-foundation/pact';
import { describe, expect, it } from 'vitest';
import { contactsOf, readUserRegistered } from '../src/events/handlers/user-registered.ts';
import { welcomeNotice } from '../src/notifications/account-notices.ts';

const { like, regex, uuid } = MatchersV3;


const pact = messageConsumerPact('krom-notifications', 'krom-identity');

describe('krom-notifications consuming krom-identity events', () => {
  it('turns a user.registered envelope into a welcome notification and the account’s contact details', () =>
    pact
      .given('a person registered an account')
      .expectsToReceive(`a ${userRegistered.subject} event`)
      .withContent({
        id: uuid('6a1f0c2e-8b3d-4e5f-9a10-2b3c4d5e6f71'),
        type: userRegistered.subject,
        occurredAt: isoDateTime('2025-03-01T09:30:00.000Z'),
        data: {
          userId: uuid('3c9e7b51-2d4a-4f6e-8b7c-1a2b3c4d5e6f'),
          firstName: like('Ama'),
          lastName: like('Mensah'),
          email: like('ama@example.com'),
          phone: regex(ghanaPhonePattern.source, '0241234567'),
          registeredAt: isoDateTime('2025-03-01T09:30:00.000Z'),
        },
      })
      .verify(
        asynchronousBodyHandler(async (body) => {
          const envelope = readUserRegistered(body);
          expect(envelope.type).toBe(userRegistered.subject);
          expect(welcomeNotice(envelope.data)).toMatchObject({ type: 'system', title: 'Welcome to Krom', message: expect.stringMatching(/^Hi Ama, /) });
          expect(contactsOf(envelope.data)).toEqual({ userId: envelope.data.userId, phone: '+233241234567', email: 'ama@example.com' });
        }),
      ));
});
