import { existsSync } from 'node:fs';
import { dropDatabase } from '@krom/server-kit/db';
import { pactFile } from '@krom/server-kit/pact';
import { MessageProviderPact } from '@pact-foundation/pact';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { outbox } from '../src/db/schema.ts';
import { openAdminService } from '../src/open-admin.ts';
import { joinWaitlist } from '../src/waitlist/join-waitlist.ts';
import { adminTestConfig } from '../test/admin-test-env.ts';

/**
 * The admin service produces the waitlist.joined message the notifications service's pact
 * expects: the envelope comes from the real sign-up path and the real outbox row.
 */
const { config } = adminTestConfig();
let service: Awaited<ReturnType<typeof openAdminService>>;

beforeAll(async () => {
  service = await openAdminService(config);
});
afterAll(async () => {
  await service.bus.jsm.streams.delete(service.bus.streamName);
  await service.app.close();
  await dropDatabase(config.DATABASE_URL);
});

it('produces the waitlist.joined event the notifications service expects', async () => {
  const file = pactFile('krom-notifications', 'krom-admin');
  expect(existsSync(file), `${file} is written by the notifications service's consumer test`).toBe(true);
  await new MessageProviderPact({
    provider: 'krom-admin',
    pactUrls: [file],
    logLevel: 'warn',
    stateHandlers: { 'a visitor joined the waitlist': async () => undefined },
    messageProviders: {
      'a krom.admin.waitlist.joined.v1 event': async () => {
        const { id } = await joinWaitlist(service.db, { name: 'Ama Mensah', email: `ama.${Date.now()}@example.com`, phone: '0241234567' });
        const [row] = await service.db
          .select()
          .from(outbox)
          .where(sql`${outbox.envelope}->'data'->>'signupId' = ${id}`);
        if (!row) throw new Error('the sign-up wrote no outbox event');
        return row.envelope;
      },
    },
  }).verify();
});
