import { existsSync } from 'node:fs';
import { pactFile } from '@krom/server-kit/pact';
import { MessageProviderPact } from '@pact-foundation/pact';
import { expect, it } from 'vitest';
import { useRidesService } from '../test/rides-test-env.ts';
import { paymentsMessageProviders } from './payments-message-providers.ts';

/**
 * The rides service produces the booking facts krom-payments takes, gives back and releases money
 * on: a booking paid by mobile money, asked for, ended every way a booking ends (a seat never boarded among them), completed and
 * reported a no-show through the service's own routes, consumers and sweeps, each read back from
 * the outbox row its transition wrote (payments-message-providers.ts).
 */
const handle = useRidesService();

it('produces the booking events krom-payments expects', async () => {
  const file = pactFile('krom-payments', 'krom-rides');
  expect(existsSync(file), `${file} is written by the payments service's consumer test`).toBe(true);
  await new MessageProviderPact({
    provider: 'krom-rides',
    pactUrls: [file],
    logLevel: 'warn',
    ...paymentsMessageProviders(handle),
  }).verify();
});
