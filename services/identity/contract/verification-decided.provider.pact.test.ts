import { existsSync } from 'node:fs';
import { pactFile } from '@krom/server-kit/pact';
import { MessageProviderPact } from '@pact-foundation/pact';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { openIdentityService } from '../src/open-identity.ts';
import { closeIdentity, type IdentityService, identityTestConfig } from '../test/identity-test-env.ts';
import { identityMessageProviders } from './identity-message-providers.ts';

/**
 * The identity service produces the verification.decided message the notifications service
 * (tells the user) and the rides service (gates posting) expect: a real decision through the
 * domain function, read back from its outbox row. Each file is verified whole.
 */
const { config } = identityTestConfig();
let service: IdentityService;

beforeAll(async () => {
  service = await openIdentityService(config);
});
afterAll(() => closeIdentity(service, config.DATABASE_URL));

it.each([
  ['krom-notifications', 'the notifications service'],
  ['krom-rides', 'the rides service'],
  ['krom-admin', 'the admin service'],
])('produces the verification.decided and staff_action events %s expects', async (consumer, who) => {
  const file = pactFile(consumer, 'krom-identity');
  expect(existsSync(file), `${file} is written by ${who}'s consumer test`).toBe(true);
  await new MessageProviderPact({
    provider: 'krom-identity',
    pactUrls: [file],
    logLevel: 'warn',
    ...identityMessageProviders(service, config.INTERNAL_AUTH_SECRET),
  }).verify();
});
