import { existsSync } from 'node:fs';
import { pactFile } from '@krom/server-kit/pact';
import { MessageProviderPact } from '@pact-foundation/pact';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { openIdentityService } from '../src/open-identity.ts';
import { closeIdentity, type IdentityService, identityTestConfig } from '../test/identity-test-env.ts';
import { identityMessageProviders } from './identity-message-providers.ts';

/**
 * The identity service produces the user.snapshot message the payments service's pact expects
 * (the name a driver's payouts are sent to): the envelope comes from the real registration path and
 * its real outbox row.
 */
const { config } = identityTestConfig();
let service: IdentityService;

beforeAll(async () => {
  service = await openIdentityService(config);
});
afterAll(() => closeIdentity(service, config.DATABASE_URL));

it('produces the user.snapshot event the payments service expects', async () => {
  const file = pactFile('krom-payments', 'krom-identity');
  expect(existsSync(file), `${file} is written by the payments service's consumer test`).toBe(true);
  await new MessageProviderPact({
    provider: 'krom-identity',
    pactUrls: [file],
    logLevel: 'warn',
    ...identityMessageProviders(service, config.INTERNAL_AUTH_SECRET),
  }).verify();
});
