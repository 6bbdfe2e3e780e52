import { resolve } from 'node:path';
import { userRegistered } from '@krom/contracts/events/identity';
import { ghanaPhonePattern } from '@krom/contracts/http/fields';
import { asynchronousBodyHandler, MatchersV3, MessageConsumerPact } from '@pact-foundation/pact';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../src/config.ts';
import { contactsOf, readUserRegistered } from '../src/events/handlers/user-registered.ts';
import { welcomeNotice } from '../src/notifications/account-notices.ts';

const { like, regex, uuid } = MatchersV3;

/** An ISO 8601 timestamp with a zone, as `new Date().toISOString()` writes and the envelope schema accepts. */
const isoDateTime = (example: string) => regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/.source, example);

const pact = new MessageConsumerPact({
  consumer: 'krom-notifications',
  provider: 'krom-identity',
  dir: resolve(repoRoot, 'pacts'),
  pactfileWriteMode: 'update',
  logLevel: 'warn',
});

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
