import { pactDir } from '@krom/server-kit/pact';
import { whenRecorded } from '@krom/server-kit/pact-mock-server';
import { withFetchAgainst } from '@krom/ui-kit/testing/fetch-against.ts';
import { MatchersV3, PactV4 } from '@pact-foundation/pact';
import { describe, expect, it } from 'vitest';
import { createWaitlistSignup } from '../src/features/waitlist/api/create-waitlist-signup.ts';

/** The shell as consumer of the BFF's /api: the waitlist form's own request function. */
const { regex, uuid, boolean } = MatchersV3;
const pact = new PactV4({ consumer: 'krom-shell', provider: 'krom-bff', dir: pactDir, logLevel: 'warn' });
const json = { 'Content-Type': regex(/^application\/json/, 'application/json') };

describe('shell → BFF', () => {
  it('joins the waitlist', async () => {
    await pact
      .addInteraction()
      .uponReceiving('a waitlist sign-up from the waitlist page')
      .withRequest('POST', '/api/waitlist', (b) => b.headers(json).jsonBody({ name: 'Kojo Antwi', email: 'kojo@example.com', phone: '0201234567' }))
      .willRespondWith(201, (b) => b.jsonBody({ id: uuid('3b6f1c2a-8d4e-4f5a-9b7c-2e1d0f9a8b7c'), alreadyJoined: boolean(false) }))
      .executeTest(whenRecorded(async (mock) => {
        await withFetchAgainst(mock.url, () => createWaitlistSignup({ name: 'Kojo Antwi', email: 'kojo@example.com', phone: '0201234567' }));
      }));
  });

  it('hears the spec message for a bad phone number', async () => {
    await pact
      .addInteraction()
      .uponReceiving('a waitlist sign-up with a bad phone number')
      .withRequest('POST', '/api/waitlist', (b) => b.headers(json).jsonBody({ name: 'Kojo Antwi', email: 'kojo2@example.com', phone: '12345' }))
      .willRespondWith(400, (b) => b.jsonBody({ message: 'Please enter a valid 10-digit Ghana phone number starting with 0' }))
      .executeTest(whenRecorded(async (mock) => {
        await expect(
          withFetchAgainst(mock.url, () => createWaitlistSignup({ name: 'Kojo Antwi', email: 'kojo2@example.com', phone: '12345' })),
        ).rejects.toThrow('Please enter a valid 10-digit Ghana phone number starting with 0');
      }));
  });
});
