import { existsSync } from 'node:fs';
import { pactFile } from '@krom/server-kit/pact';
import { MessageProviderPact } from '@pact-foundation/pact';
import { expect } from 'vitest';

type Providers = Pick<ConstructorParameters<typeof MessageProviderPact>[0], 'messageProviders' | 'stateHandlers'>;

/** Verifies the whole pact file `consumer` wrote of the messages krom-rides sends it, made by `providers`. */
export async function verifyRidesMessages(consumer: string, providers: Providers) {
  const file = pactFile(consumer, 'krom-rides');
  expect(existsSync(file), `${file} is written by the ${consumer} consumer test`).toBe(true);
  await new MessageProviderPact({ provider: 'krom-rides', pactUrls: [file], logLevel: 'warn', ...providers }).verify();
}
