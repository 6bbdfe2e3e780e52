import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ticketReplied } from '@krom/contracts/events/admin';
import { staffTicketMessages } from '@krom/contracts/http/support-values';
import { dropDatabase } from '@krom/server-kit/db';
import type { Caller } from '@krom/server-kit/internal-auth';
import { eventually, publishedEvents, staffCaller } from '@krom/server-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminConfig } from '../src/config.ts';
import { openAdminService } from '../src/open-admin.ts';
import { closeStaleTickets } from '../src/support/staff-tickets.ts';
import { adminTestConfig } from './admin-test-env.ts';
import { sampleFiles, ticketForm } from './support-fixtures.ts';

/*
 * The staff queue of support tickets on the real PostgreSQL and NATS: who may use it, the
 * queue's order and filters, claims by two staff at once, replies reaching the member's view
 * (and announced), internal notes hidden from the member, and the 10-day auto-close on a given clock.
 */

let uploads: string;
let config: AdminConfig;
let as: (caller: Caller) => Promise<Record<string, string>>;
let service: Awaited<ReturnType<typeof openAdminService>>;

beforeAll(async () => {
  uploads = await mkdtemp(join(tmpdir(), 'krom-admin-staff-tickets-'));
  ({ config, as } = adminTestConfig({ UPLOADS_DIR: uploads }));
  service = await openAdminService(config);
});
afterAll(async () => {
  await service.bus.jsm.streams.delete(service.bus.streamName);
  await service.app.close();
  await dropDatabase(config.DATABASE_URL);
  await rm(uploads, { recursive: true, force: true });
});

const member = () => ({ kind: 'user', userId: randomUUID() }) as const;
const staffMember = () => staffCaller(['support']);
const get = async (caller: Caller, url: string) => service.app.inject({ method: 'GET', url, headers: await as(caller) });
const post = async (caller: Caller, url: string, payload?: object) => service.app.inject({ method: 'POST', url, headers: await as(caller), ...(payload ? { payload } : {}) });

const open = async (caller: Caller, category = 'booking', subject = 'Driver never came') => {
  const form = await ticketForm(
    { category, subject, description: 'I waited 40 minutes at Circle and the driver never arrived.' },
    [{ data: sampleFiles.png, filename: 'photo.png', type: 'image/png' }],
  );
  const response = await service.app.inject({ method: 'POST', url: '/support/tickets', headers: { ...(await as(caller)), ...form.headers }, payload: form.payload });
  expect(response.statusCode).toBe(201);
  return response.json() as { id: string };
};

describe('who may use the staff queue', () => {
  it('refuses a member and a guest on every staff route', async () => {
    const owner = member();
    const ticket = await open(owner);
    const routes: [string, string, object?][] = [
      ['GET', '/staff/tickets'],
      ['GET', `/staff/tickets/${ticket.id}`],
      ['POST', `/staff/tickets/${ticket.id}/claim`],
      ['POST', `/staff/tickets/${ticket.id}/replies`, { body: 'Hello' }],
      ['POST', `/staff/tickets/${ticket.id}/notes`, { body: 'Hello' }],
      ['POST', `/staff/tickets/${ticket.id}/priority`, { priority: 'high' }],
      ['POST', `/staff/tickets/${ticket.id}/resolve`],
      ['POST', `/staff/tickets/${ticket.id}/close`],
    ];
    for (const caller of [owner, { kind: 'public' } as const]) {
      for (const [method, url, payload] of routes) {
        const response = method === 'GET' ? await get(caller, url) : await post(caller, url, payload);
        expect(response.statusCode, `${caller.kind} ${method} ${url}`).toBe(401);
      }
    }
    // Nothing changed: the member's ticket is still open, with no messages.
    expect((await get(owner, `/support/tickets/${ticket.id}`)).json()).toMatchObject({ status: 'open', messages: [] });
  });
});

describe('the queue', () => {
  it('puts safety reports first, then the oldest, and filters by status, category and priority', async () => {
    const staff = staffMember();
    const first = await open(member(), 'payment', 'Charged twice');
    const second = await open(member(), 'general', 'How do I pay');
    const safety = await open(member(), 'safety', 'Reckless driving');
    const ids = ((await get(staff, '/staff/tickets')).json().tickets as { id: string }[]).map((t) => t.id);
    const mine = ids.filter((id) => [first.id, second.id, safety.id].includes(id));
    expect(mine).toEqual([safety.id, first.id, second.id]);
    expect(ids.indexOf(safety.id)).toBeLessThan(ids.indexOf(first.id));

    expect((await post(staff, `/staff/tickets/${first.id}/priority`, { priority: 'urgent' })).json()).toMatchObject({ priority: 'urgent', claimedBy: staff.adminId });
    const urgent = (await get(staff, '/staff/tickets?priority=urgent')).json().tickets as { id: string }[];
    expect(urgent.map((t) => t.id)).toContain(first.id);
    expect(urgent.map((t) => t.id)).not.toContain(second.id);
    const payments = (await get(staff, '/staff/tickets?category=payment')).json().tickets as { category: string }[];
    expect(payments.length).toBeGreaterThan(0);
    expect(payments.every((t) => t.category === 'payment')).toBe(true);
    const inReview = (await get(staff, '/staff/tickets?status=in_review')).json().tickets as { id: string }[];
    expect(inReview.map((t) => t.id)).toEqual(expect.arrayContaining([first.id]));
    expect(inReview.map((t) => t.id)).not.toContain(second.id);
    expect((await get(staff, '/staff/tickets?status=lost')).statusCode).toBe(400);
    expect((await post(staff, `/staff/tickets/${second.id}/priority`, { priority: 'whenever' })).statusCode).toBe(400);
  });

  it('shows staff the member, the attachments with short-lived links; an unknown ticket is 404', async () => {
    const owner = member();
    const ticket = await open(owner);
    const view = (await get(staffMember(), `/staff/tickets/${ticket.id}`)).json();
    expect(view).toMatchObject({ memberId: owner.userId, claimedBy: null, status: 'open', attachments: [{ fileName: 'photo.png', contentType: 'image/png' }] });
    expect(view.attachments[0].url).toMatch(/^\/api\/support\/attachments\/.+signature=/);
    expect((await get(staffMember(), `/staff/tickets/${randomUUID()}`)).statusCode).toBe(404);
    expect((await get(staffMember(), '/staff/tickets/not-an-id')).statusCode).toBe(404);
  });
});

describe('claiming', () => {
  it('gives the ticket to one of two staff claiming at once; the other gets 409 and cannot answer', async () => {
    const ticket = await open(member());
    const [a, b] = [staffMember(), staffMember()];
    const responses = await Promise.all([post(a, `/staff/tickets/${ticket.id}/claim`), post(b, `/staff/tickets/${ticket.id}/claim`)]);
    expect(responses.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const winner = responses[0]?.statusCode === 200 ? a : b;
    const loser = winner === a ? b : a;
    const refused = responses.find((r) => r.statusCode === 409);
    expect(refused?.json().message).toBe(staffTicketMessages.claimedByOther);
    expect((await get(loser, `/staff/tickets/${ticket.id}`)).json()).toMatchObject({ claimedBy: winner.adminId, status: 'in_review' });
    expect((await post(loser, `/staff/tickets/${ticket.id}/replies`, { body: 'Me too' })).statusCode).toBe(409);
    expect((await post(loser, `/staff/tickets/${ticket.id}/resolve`)).statusCode).toBe(409);
    // Claiming one's own again is fine.
    expect((await post(winner, `/staff/tickets/${ticket.id}/claim`)).statusCode).toBe(200);
  });
});

describe('the conversation', () => {
  it("reaches the member with staff's reply (announced), keeps internal notes from them", async () => {
    const owner = member();
    const staff = staffMember();
    const ticket = await open(owner);
    expect((await post(staff, `/staff/tickets/${ticket.id}/notes`, { body: 'Checked the ride log: driver cancelled late.' })).statusCode).toBe(201);
    const replied = await post(staff, `/staff/tickets/${ticket.id}/replies`, { body: 'Sorry about this, we have refunded you.' });
    expect(replied.statusCode).toBe(201);
    expect((await post(staff, `/staff/tickets/${ticket.id}/replies`, { body: '   ' })).statusCode).toBe(400);

    const seen = (await get(owner, `/support/tickets/${ticket.id}`)).json();
    expect(seen.status).toBe('awaiting_member');
    expect(seen.messages.map((m: { author: string; body: string }) => [m.author, m.body])).toEqual([['staff', 'Sorry about this, we have refunded you.']]);
    expect(JSON.stringify(seen)).not.toContain('driver cancelled late');

    const staffView = (await get(staff, `/staff/tickets/${ticket.id}`)).json();
    expect(staffView.messages.map((m: { internal: boolean; body: string }) => [m.internal, m.body])).toEqual([
      [true, 'Checked the ride log: driver cancelled late.'],
      [false, 'Sorry about this, we have refunded you.'],
    ]);

    const event = await eventually(async () => (await publishedEvents(service.bus, ticketReplied.subject)).find((e) => (e.data as { ticketId: string }).ticketId === ticket.id));
    expect(ticketReplied.schema.parse(event.data)).toMatchObject({ memberId: owner.userId, messageId: replied.json().id, subject: 'Driver never came' });
    // A note is never announced.
    expect((await publishedEvents(service.bus, ticketReplied.subject)).filter((e) => (e.data as { ticketId: string }).ticketId === ticket.id)).toHaveLength(1);

    // The member answers: back to staff; staff resolve, then close; a closed ticket takes no reply.
    expect((await post(owner, `/support/tickets/${ticket.id}/messages`, { body: 'Thank you!' })).statusCode).toBe(201);
    expect((await get(staff, `/staff/tickets/${ticket.id}`)).json().status).toBe('open');
    expect((await post(staff, `/staff/tickets/${ticket.id}/resolve`)).json().status).toBe('resolved');
    expect((await post(staff, `/staff/tickets/${ticket.id}/close`)).json().status).toBe('closed');
    expect((await post(staff, `/staff/tickets/${ticket.id}/close`)).statusCode).toBe(200);
    expect((await post(staff, `/staff/tickets/${ticket.id}/replies`, { body: 'One more thing' })).json().message).toBe(staffTicketMessages.closed);
    expect((await get(owner, `/support/tickets/${ticket.id}`)).json().status).toBe('closed');
  });
});

describe('auto-close', () => {
  it('closes a ticket awaiting its member 10 days after the reply, not a moment before; notes do not restart the clock', async () => {
    const owner = member();
    const staff = staffMember();
    const ticket = await open(owner);
    const other = await open(member());
    const repliedAt = new Date('2030-01-01T09:00:00Z');
    expect((await post(staff, `/staff/tickets/${ticket.id}/replies`, { body: 'Can you send a screenshot?' })).statusCode).toBe(201);
    // The reply's clock set to a known moment; a note a day later.
    await service.db.$client.query("UPDATE support_ticket_messages SET created_at = $2 WHERE ticket_id = $1 AND NOT internal", [ticket.id, repliedAt]);
    await service.db.$client.query('UPDATE support_tickets SET updated_at = $2 WHERE id = $1', [ticket.id, repliedAt]);
    expect((await post(staff, `/staff/tickets/${ticket.id}/notes`, { body: 'Waiting on screenshot' })).statusCode).toBe(201);

    const tenDays = 10 * 24 * 60 * 60 * 1000;
    await closeStaleTickets(service.db, new Date(repliedAt.getTime() + tenDays - 1));
    expect((await get(owner, `/support/tickets/${ticket.id}`)).json().status).toBe('awaiting_member');
    await closeStaleTickets(service.db, new Date(repliedAt.getTime() + tenDays));
    expect((await get(owner, `/support/tickets/${ticket.id}`)).json().status).toBe('closed');
    // A ticket not awaiting its member stays as it is.
    expect((await get(staff, `/staff/tickets/${other.id}`)).json().status).toBe('open');
  });
});
