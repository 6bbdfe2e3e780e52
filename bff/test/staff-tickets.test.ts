import { randomUUID } from 'node:crypto';
import { staffTicketMessages } from '@krom/contracts/http/support-values';
import { eventually } from '@krom/server-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sampleFiles, ticketForm } from '../../services/admin/test/support-fixtures.ts';
import { type BffSystem, ORIGIN, startBff } from './bff-test-env.ts';

/*
 * The staff ticket queue through /api on the real admin and notifications services: refused to
 * members and guests; two staff claiming at once; a reply the member reads on their ticket and
 * is told of in the app; internal notes the member never sees.
 */
let system: BffSystem;
beforeAll(async () => {
  system = await startBff({ services: ['notifications'] });
});
afterAll(() => system?.close());

type Visitor = { id: string; cookies: Record<string, string> };
async function signedIn(kind: 'user' | 'admin', id: string = randomUUID()): Promise<Visitor> {
  // Staff here hold the support role, which opens the ticket queue.
  const sid = await system.bff.sessions.create(kind, id, kind === 'admin' ? ['support'] : undefined);
  return { id, cookies: { krom_session: system.bff.encodeSecureSession(system.bff.createSecureSession({ [kind]: sid })) } };
}
const guest: Visitor = { id: '', cookies: {} };
const send = (visitor: Visitor, method: 'GET' | 'POST', url: string, payload?: object) =>
  system.bff.inject({ method, url, cookies: visitor.cookies, headers: method === 'GET' ? {} : { origin: ORIGIN }, ...(payload ? { payload } : {}) });

async function openTicket(member: Visitor): Promise<string> {
  const form = await ticketForm({ category: 'safety', subject: 'Reckless driving', description: 'The driver overtook on blind bends the whole way to Nkawkaw.' }, [
    { data: sampleFiles.jpeg, filename: 'dashcam.jpg', type: 'image/jpeg' },
  ]);
  const response = await system.bff.inject({ method: 'POST', url: '/api/support/tickets', cookies: member.cookies, headers: { origin: ORIGIN, ...form.headers }, payload: form.payload });
  expect(response.statusCode).toBe(201);
  return response.json().id;
}

describe('/api/admin/tickets', () => {
  it('refuses members and guests on every staff call', async () => {
    const member = await signedIn('user');
    const id = await openTicket(member);
    const calls: ['GET' | 'POST', string, object?][] = [
      ['GET', '/api/admin/tickets'],
      ['GET', `/api/admin/tickets/${id}`],
      ['POST', `/api/admin/tickets/${id}/claim`],
      ['POST', `/api/admin/tickets/${id}/replies`, { body: 'Hi' }],
      ['POST', `/api/admin/tickets/${id}/notes`, { body: 'Hi' }],
      ['POST', `/api/admin/tickets/${id}/priority`, { priority: 'high' }],
      ['POST', `/api/admin/tickets/${id}/resolve`],
      ['POST', `/api/admin/tickets/${id}/close`],
    ];
    for (const visitor of [member, guest]) {
      for (const [method, url, payload] of calls) {
        const response = await send(visitor, method, url, payload);
        expect([response.statusCode, response.json().message], `${method} ${url}`).toEqual([401, 'Admin sign-in required']);
      }
    }
    expect((await send(member, 'GET', `/api/support/tickets/${id}`)).json()).toMatchObject({ status: 'open', messages: [] });
  });

  it('gives a ticket to one of two staff claiming at once', async () => {
    const id = await openTicket(await signedIn('user'));
    const [a, b] = [await signedIn('admin'), await signedIn('admin')];
    const answers = await Promise.all([send(a, 'POST', `/api/admin/tickets/${id}/claim`), send(b, 'POST', `/api/admin/tickets/${id}/claim`)]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    expect(answers.find((answer) => answer.statusCode === 409)?.json().message).toBe(staffTicketMessages.claimedByOther);
    const winner = answers[0]?.statusCode === 200 ? a : b;
    expect((await send(a, 'GET', `/api/admin/tickets/${id}`)).json()).toMatchObject({ claimedBy: winner.id, status: 'in_review' });
  });

  it("brings staff's reply to the member's ticket and notifications, never the internal note", async () => {
    const member = await signedIn('user');
    const staff = await signedIn('admin');
    const id = await openTicket(member);
    const queue = (await send(staff, 'GET', '/api/admin/tickets?category=safety&status=open')).json().tickets as { id: string }[];
    expect(queue.map((ticket) => ticket.id)).toContain(id);
    const seenByStaff = (await send(staff, 'GET', `/api/admin/tickets/${id}`)).json();
    expect(seenByStaff).toMatchObject({ memberId: member.id, attachments: [{ fileName: 'dashcam.jpg' }] });
    expect((await system.bff.inject({ method: 'GET', url: seenByStaff.attachments[0].url, cookies: staff.cookies })).statusCode).toBe(200);

    expect((await send(staff, 'POST', `/api/admin/tickets/${id}/notes`, { body: 'Driver has two earlier reports.' })).statusCode).toBe(201);
    expect((await send(staff, 'POST', `/api/admin/tickets/${id}/replies`, { body: 'We are looking into this driver now.' })).statusCode).toBe(201);

    const mine = (await send(member, 'GET', `/api/support/tickets/${id}`)).json();
    expect(mine.status).toBe('awaiting_member');
    expect(mine.messages.map((message: { author: string; body: string }) => [message.author, message.body])).toEqual([['staff', 'We are looking into this driver now.']]);
    expect(JSON.stringify(mine)).not.toContain('earlier reports');

    const notice = await eventually(async () => {
      const items = (await send(member, 'GET', '/api/notifications')).json().items as { title: string; data: { link?: string } }[];
      return items.find((item) => item.title === 'Support replied');
    });
    expect(notice.data.link).toBe(`/support/tickets/${id}`);

    expect((await send(staff, 'POST', `/api/admin/tickets/${id}/resolve`)).json().status).toBe('resolved');
    expect((await send(member, 'GET', `/api/support/tickets/${id}`)).json().status).toBe('resolved');
  });
});
