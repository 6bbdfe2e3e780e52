import { existsSync } from 'node:fs';
import { hashPassword } from '@krom/server-kit/passwords';
import { pactFile, pactRequestFilter } from '@krom/server-kit/pact';
import { Verifier } from '@pact-foundation/pact';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ORIGIN, startBffWithAdmin } from '../test/bff-test-env.ts';

/**
 * The real BFF, in front of the real admin service, verifies what the frontends' pacts expect.
 * "a signed-in admin" is a real sign-in whose cookie the browser would carry.
 */
let system: Awaited<ReturnType<typeof startBffWithAdmin>>;
let baseUrl: string;
let cookie: string | undefined;

beforeAll(async () => {
  system = await startBffWithAdmin({ RATE_LIMIT_PUBLIC_PER_MINUTE: '1000' });
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
