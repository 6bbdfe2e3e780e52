import { existsSync } from 'node:fs';
import { hashPassword } from '@krom/server-kit/passwords';
import { pactFile, pactRequestFilter } from '@krom/server-kit/pact';
import { Verifier } from '@pact-foundation/pact';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { multipartForm } from '../../services/identity/test/identity-test-env.ts';
import { identityFields, png } from '../../services/identity/test/verification-env.ts';
import { browser, ORIGIN, signedUp, startBff } from '../test/bff-test-env.ts';

/**
 * The real BFF, in front of the real admin, identity and notifications services, verifies what
 * the frontends' pacts expect. "a signed-in admin" is a real sign-in whose cookie the browser
 * would carry; a pending submission is a real user's real form.
 */
let system: Awaited<ReturnType<typeof startBff>>;
let baseUrl: string;
let cookie: string | undefined;

beforeAll(async () => {
  system = await startBff({ services: ['identity', 'notifications'], overrides: { RATE_LIMIT_PUBLIC_PER_MINUTE: '1000' } });
  baseUrl = await system.bff.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(() => system.close());

it.each([
  ['krom-admin-frontend', 'krom-bff'],
  ['krom-shell', 'krom-bff'],
])('honours the %s pact', async (consumer, provider) => {
  const file = pactFile(consumer, provider);
  expect(existsSync(file), `${file} is written by the ${consumer} consumer test`).toBe(true);
  await new Verifier({
    provider,
    providerBaseUrl: baseUrl,
    pactUrls: [file],
    logLevel: 'warn',
    // State handlers run before this interaction's request; forget its session afterwards.
    afterEach: async () => {
      cookie = undefined;
    },
    requestFilter: pactRequestFilter({ cookie: () => cookie }),
    stateHandlers: {
      'an admin named founder with password first-admin-pass': async () => {
        await system.admin.db.$client.query(
          'INSERT INTO admin_users (username, password) VALUES ($1, $2) ON CONFLICT (lower(username)) DO NOTHING',
          ['founder', await hashPassword('first-admin-pass')],
        );
        return undefined;
      },
      'a signed-in admin': async () => {
        const response = await system.bff.inject({
          method: 'POST',
          url: '/api/admin/login',
          headers: { origin: ORIGIN },
          payload: { username: 'founder', password: 'first-admin-pass' },
        });
        // The raw name=value pair as the browser would send it back (the value is URL-encoded).
        cookie = String(response.headers['set-cookie']).split(';')[0];
        return undefined;
      },
      'an identity submission is pending review': async () => {
        const person = browser(system.bff, '10.9.0.1');
        await signedUp(system.bff, person);
        const sent = await person.send('POST', '/api/auth/verify-identity', await multipartForm({ ...identityFields(), cardPhoto: png('card.png') }));
        if (sent.statusCode !== 201) throw new Error(`the submission answered ${sent.statusCode}: ${sent.body}`);
        return undefined;
      },
      'an SMS was sent to 0241234567': async () => {
        // As the SMS worker leaves a delivered text (the sending itself is the notifications service's tests').
        await system.notifications!.db.$client.query(
          `INSERT INTO sms_logs (phone_number, message, message_type, status, provider, provider_id, sent_at, attempts)
           VALUES ('+233241234567', 'Krom: your seat is booked.', 'booking_confirmation', 'sent', 'local', 'local-1', now(), 1)`,
        );
        return undefined;
      },
      'the waitlist has a sign-up': async () => {
        await system.bff.inject({
          method: 'POST',
          url: '/api/waitlist',
          headers: { origin: ORIGIN },
          payload: { name: 'Ama Mensah', email: `ama.${Date.now()}@example.com`, phone: '0241234567' },
        });
        return undefined;
      },
    },
  }).verifyProvider();
});
