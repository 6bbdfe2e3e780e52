import { existsSync } from 'node:fs';
import { pactFile } from '@krom/server-kit/pact';
import { MessageProviderPact } from '@pact-foundation/pact';
import { expect, it } from 'vitest';
import { useRidesService } from '../test/rides-test-env.ts';
import { ridesMessageProviders } from './rides-message-providers.ts';

/**
 * The rides service produces the ride.posted message the notifications service expects: a real
 * ride posted through the service's own routes (the vehicle, then the ride, as the BFF calls them
 * for a signed-in driver), read back from the outbox row written in the posting's transaction.
 * The file is verified whole, so the other messages it names are supplied too
 * (rides-message-providers.ts).
 */
const handle = useRidesService();

it('produces the ride.posted event krom-notifications expects', async () => {
  const file = pactFile('krom-notifications', 'krom-rides');
  expect(existsSync(file), `${file} is written by the notifications service's consumer test`).toBe(true);
  await new MessageProviderPact({
    provider: 'krom-rides',
    pactUrls: [file],
    logLevel: 'warn',
    ...ridesMessageProviders(handle),
  }).verify();
});
