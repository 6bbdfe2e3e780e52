import { existsSync } from 'node:fs';
import { pactFile } from '@krom/server-kit/pact';
import { MessageProviderPact } from '@pact-foundation/pact';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { openIdentityService } from '../src/open-identity.ts';
import { closeIdentity, type IdentityService, identityTestConfig } from '../test/identity-test-env.ts';
import { identityMessageProviders } from './identity-message-providers.ts';

/**
 * The identity service produces the user.registered and user.notification_settings messages the
 * notifications service's pact expects: the envelopes come from the real registration and settings
 * paths and their real outbox rows. The file is verified whole, so the other messages it names are
 * supplied too (identity-message-providers.ts).
 */
const { config } = identityTestConfig();
let service: IdentityService;

beforeAll(async () => {
  service = await openIdentityService(config);
});
afterAll(() => closeIdentity(service, config.DATABASE_URL));

it('produces the user.registered and user.notification_settings events the notifications service expects', async () => {
  const file = pactFile('krom-notifications', 'krom-identity');
  expect(existsSync(file), `${file} is written by the notifications service's consumer test`).toBe(true);
  await new MessageProviderPact({
    provider: 'krom-identity',
    pactUrls: [file],
    logLevel: 'warn',
    ...identityMessageProviders(service, config.INTERNAL_AUTH_SECRET),
  }).verify();
});
