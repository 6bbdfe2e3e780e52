import { existsSync } from 'node:fs';
import { userRegistered } from '@krom/contracts/events/identity';
import { pactFile } from '@krom/server-kit/pact';
import { MessageProviderPact } from '@pact-foundation/pact';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { registerUser } from '../src/accounts/register-user.ts';
import { outbox } from '../src/db/schema.ts';
import { openIdentityService } from '../src/open-identity.ts';
import { closeIdentity, type IdentityService, identityTestConfig, newPerson } from '../test/identity-test-env.ts';

/**
 * The identity service produces the user.registered message the notifications service's pact
 * expects: the envelope comes from the real registration path and its real outbox row.
 */
const { config } = identityTestConfig();
let service: IdentityService;

beforeAll(async () => {
  service = await openIdentityService(config);
});
afterAll(() => closeIdentity(service, config.DATABASE_URL));

it('produces the user.registered event the notifications service expects', async () => {
  const file = pactFile('krom-notifications', 'krom-identity');
  expect(existsSync(file), `${file} is written by the notifications service's consumer test`).toBe(true);
  await new MessageProviderPact({
    provider: 'krom-identity',
    pactUrls: [file],
    logLevel: 'warn',
    stateHandlers: { 'a person registered an account': async () => undefined },
    messageProviders: {
      [`a ${userRegistered.subject} event`]: async () => {
        const user = await registerUser(service.db, newPerson());
        const [row] = await service.db
          .select()
          .from(outbox)
          .where(and(eq(outbox.subject, userRegistered.subject), sql`${outbox.envelope}->'data'->>'userId' = ${user.id}`));
        if (!row) throw new Error('the registration wrote no outbox event');
        return row.envelope;
      },
    },
  }).verify();
});
