import { existsSync } from 'node:fs';
import { dropDatabase } from '@krom/server-kit/db';
import { hashPassword } from '@krom/server-kit/passwords';
import { pactFile, pactRequestFilter, verifierTimeoutMs } from '@krom/server-kit/pact';
import { Verifier } from '@pact-foundation/pact';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { openAdminService } from '../src/open-admin.ts';
import { joinWaitlist } from '../src/waitlist/join-waitlist.ts';
import { adminTestConfig } from '../test/admin-test-env.ts';

/** The real admin service verifies what the BFF's pact expects of it. */
const { config } = adminTestConfig();
let service: Awaited<ReturnType<typeof openAdminService>>;
let baseUrl: string;

beforeAll(async () => {
  service = await openAdminService(config);
  baseUrl = await service.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await service.bus.jsm.streams.delete(service.bus.streamName);
  await service.app.close();
  await dropDatabase(config.DATABASE_URL);
});

it('honours the BFF pact', async () => {
  const file = pactFile('krom-bff', 'krom-admin');
  expect(existsSync(file), `${file} is written by the BFF's consumer test`).toBe(true);
  await new Verifier({
    provider: 'krom-admin',
    providerBaseUrl: baseUrl,
    pactUrls: [file],
    logLevel: 'warn',
    timeout: verifierTimeoutMs,
    requestFilter: pactRequestFilter({ resign: { secret: config.INTERNAL_AUTH_SECRET, audience: 'admin' } }),
    stateHandlers: {
      'an admin exists': async (params: unknown) => {
        const { id, username, password } = params as { id: string; username: string; password: string };
        await service.db.$client.query('DELETE FROM admin_users WHERE id = $1 OR lower(username) = lower($2)', [id, username]);
        await service.db.$client.query("INSERT INTO admin_users (id, username, password, roles) VALUES ($1, $2, $3, ARRAY['support', 'trust_safety', 'finance', 'administrator'])", [
          id,
          username,
          await hashPassword(password),
        ]);
        return undefined;
      },
      'a member has a support ticket': async (params: unknown) => {
        const { memberId, ticketId } = params as { memberId: string; ticketId: string };
        await service.db.$client.query('DELETE FROM support_tickets WHERE id = $1', [ticketId]);
        await service.db.$client.query(
          `INSERT INTO support_tickets (id, member_id, category, subject, description, status)
           VALUES ($1, $2, 'safety', 'Reckless driving', 'The driver overtook on blind bends the whole way to Nkawkaw.', 'awaiting_member')`,
          [ticketId, memberId],
        );
        await service.db.$client.query(
          "INSERT INTO support_ticket_messages (ticket_id, author, author_id, body) VALUES ($1, 'staff', gen_random_uuid(), 'Which pick-up point were you at?')",
          [ticketId],
        );
        return undefined;
      },
      'a ticket waits in the staff queue': async (params: unknown) => {
        const { memberId, ticketId } = params as { memberId: string; ticketId: string };
        await service.db.$client.query('DELETE FROM support_tickets WHERE id = $1', [ticketId]);
        await service.db.$client.query(
          `INSERT INTO support_tickets (id, member_id, category, subject, description)
           VALUES ($1, $2, 'safety', 'Reckless driving', 'The driver overtook on blind bends the whole way to Nkawkaw.')`,
          [ticketId, memberId],
        );
        return undefined;
      },
      'a member report waits in the staff queue': async (params: unknown) => {
        const { reporterId, reportedId, ticketId, bookingId } = params as { reporterId: string; reportedId: string; ticketId: string; bookingId: string };
        await service.db.$client.query('DELETE FROM member_reports WHERE ticket_id = $1 OR (reporter_id = $2 AND reported_id = $3)', [ticketId, reporterId, reportedId]);
        await service.db.$client.query('DELETE FROM support_tickets WHERE id = $1', [ticketId]);
        await service.db.$client.query(
          `INSERT INTO support_tickets (id, member_id, category, priority, subject, description)
           VALUES ($1, $2, 'safety', 'high', 'Member report: Harassment or threats', 'Threatened me at Kejetia')`,
          [ticketId, reporterId],
        );
        await service.db.$client.query(
          `INSERT INTO member_reports (reporter_id, reported_id, reason, details, source, source_id, ticket_id)
           VALUES ($1, $2, 'harassment', 'Threatened me at Kejetia', 'booking', $3, $4)`,
          [reporterId, reportedId, bookingId, ticketId],
        );
        return undefined;
      },
      'the waitlist has a sign-up': async () => {
        await joinWaitlist(service.db, { name: 'Efua Quansah', email: `efua.${Date.now()}@example.com`, phone: '0241234567' });
        return undefined;
      },
    },
  }).verifyProvider();
});
