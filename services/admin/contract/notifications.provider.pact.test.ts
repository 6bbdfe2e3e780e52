import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { dropDatabase } from '@krom/server-kit/db';
import { pactFile } from '@krom/server-kit/pact';
import { MessageProviderPact } from '@pact-foundation/pact';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { outbox } from '../src/db/schema.ts';
import { openAdminService } from '../src/open-admin.ts';
import { staffReply } from '../src/support/staff-tickets.ts';
import { attachmentLinks, openTicket } from '../src/support/tickets.ts';
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
    stateHandlers: { 'a visitor joined the waitlist': async () => undefined, 'staff replied to a support ticket': async () => undefined },
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
      'a krom.admin.ticket.replied.v1 event': async () => {
        const deps = { db: service.db, store: service.store, links: attachmentLinks(config.INTERNAL_AUTH_SECRET) };
        const ticket = await openTicket(deps, randomUUID(), { category: 'booking', subject: 'Driver never came', description: 'I waited 40 minutes and the driver never came.' }, []);
        const message = await staffReply(deps, randomUUID(), ticket.id, 'Sorry about this, we have refunded you.');
        const [row] = await service.db
          .select()
          .from(outbox)
          .where(sql`${outbox.envelope}->'data'->>'messageId' = ${message.id}`);
        if (!row) throw new Error('the reply wrote no outbox event');
        return row.envelope;
      },
    },
  }).verify();
});
