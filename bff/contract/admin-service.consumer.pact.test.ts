import { staffRoles } from '@krom/contracts/http/staff-roles-values';
import { memberSafetyMessages } from '@krom/contracts/http/member-safety';
import { ASSERTION_HEADER } from '@krom/server-kit/internal-auth';
import { exampleAssertion, pactDir } from '@krom/server-kit/pact';
import { whenRecorded } from '@krom/server-kit/pact-mock-server';
import { administratorCaller, isolatedTestEnv } from '@krom/server-kit/testing';
import { MatchersV3, PactV4 } from '@pact-foundation/pact';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { buildBffApp } from '../src/app.ts';
import { bffTestConfig, ORIGIN } from '../test/bff-test-config.ts';

/**
 * The BFF as consumer of the admin service: the real BFF handles each public call and its
 * request to the admin service is checked against what this pact records.
 */
const { like, eachLike, integer, regex, uuid, datetime } = MatchersV3;
const pact = new PactV4({ consumer: 'krom-bff', provider: 'krom-admin', dir: pactDir, logLevel: 'warn' });
const env = isolatedTestEnv('bffpact');
const redis = new Redis(env.redisUrl);
const ADMIN_ID = '5b0c7a52-6f43-4a8e-9d51-2f1f1d0f6a11';
const jwt = /^[\w-]+\.[\w-]+\.[\w-]+$/;
const isoDate = datetime("yyyy-MM-dd'T'HH:mm:ss.SSSXXX", '2026-11-22T09:30:00.000Z');

afterAll(async () => {
  const keys = await redis.keys(`${env.redisPrefix}*`);
  if (keys.length > 0) await redis.del(...keys);
  await redis.quit();
});

async function bffAgainst(adminUrl: string): Promise<FastifyInstance> {
  // Every other service is one that is down (bff-test-config.ts), never what listens on its default port;
  // no event subscription, so each of the BFF's calls reaches the mock as the pact records it.
  const config = bffTestConfig(env, { ADMIN_URL: adminUrl, NATS_URL: undefined });
  const bff = await buildBffApp(config, redis);
  // Closed however the interaction ends: a failed expectation must not leave it running into the next.
  onTestFinished(() => bff.close());
  return bff;
}

/** Example assertions are signed up front: Pact's request builders are synchronous. */
const assertions: Record<'public' | 'admin', string> = { public: '', admin: '' };
beforeAll(async () => {
  assertions.public = await exampleAssertion({ kind: 'public' }, 'admin');
  assertions.admin = await exampleAssertion(administratorCaller(ADMIN_ID), 'admin');
});
const assertionAs = (caller: { kind: 'public' } | { kind: 'admin'; adminId: string }) => ({
  [ASSERTION_HEADER]: regex(jwt, assertions[caller.kind]),
});

async function adminCookie(bff: FastifyInstance) {
  const sid = await bff.sessions.create('admin', ADMIN_ID, staffRoles);
  return { krom_session: bff.encodeSecureSession(bff.createSecureSession({ admin: sid })) };
}

const signup = { id: uuid(), name: like('Ama Mensah'), email: like('ama@example.com'), phone: regex(/^0[2-9]\d{8}$/, '0241234567'), createdAt: isoDate };
const adminUser = { id: uuid(ADMIN_ID), username: like('founder'), roles: [...staffRoles], createdAt: isoDate };

describe('BFF → admin service', () => {
  it('forwards a waitlist sign-up as a public caller', async () => {
    await pact
      .addInteraction()
      .uponReceiving('a new waitlist sign-up')
      .withRequest('POST', '/waitlist', (b) => {
        b.headers(assertionAs({ kind: 'public' })).jsonBody({ name: 'Ama Mensah', email: 'ama@example.com', phone: '0241234567' });
      })
      .willRespondWith(201, (b) => b.jsonBody({ id: uuid(), alreadyJoined: false }))
      .executeTest(whenRecorded(async (mock) => {
        const bff = await bffAgainst(mock.url);
        const response = await bff.inject({ method: 'POST', url: '/api/waitlist', headers: { origin: ORIGIN }, payload: { name: 'Ama Mensah', email: 'ama@example.com', phone: '0241234567' } });
        expect(response.statusCode).toBe(201);
        expect(response.json().alreadyJoined).toBe(false);
      }));
  });

  it('passes a refused sign-up back with the service message', async () => {
    await pact
      .addInteraction()
      .uponReceiving('a waitlist sign-up with a bad phone number')
      .withRequest('POST', '/waitlist', (b) => {
        b.headers(assertionAs({ kind: 'public' })).jsonBody({ name: 'Ama Mensah', email: 'ama@example.com', phone: '12345' });
      })
      .willRespondWith(400, (b) => b.jsonBody({ message: 'Please enter a valid 10-digit Ghana phone number starting with 0' }))
      .executeTest(whenRecorded(async (mock) => {
        const bff = await bffAgainst(mock.url);
        const response = await bff.inject({ method: 'POST', url: '/api/waitlist', headers: { origin: ORIGIN }, payload: { name: 'Ama Mensah', email: 'ama@example.com', phone: '12345' } });
        expect(response.statusCode).toBe(400);
        expect(response.json().message).toBe('Please enter a valid 10-digit Ghana phone number starting with 0');
      }));
  });

  it('checks staff credentials and opens a session', async () => {
    await pact
      .addInteraction()
      .given('an admin exists', { id: ADMIN_ID, username: 'founder', password: 'first-admin-pass' })
      .uponReceiving('a credential check with the right password')
      .withRequest('POST', '/admin-sessions', (b) => {
        b.headers(assertionAs({ kind: 'public' })).jsonBody({ username: 'founder', password: 'first-admin-pass' });
      })
      .willRespondWith(200, (b) => b.jsonBody({ admin: adminUser }))
      .executeTest(whenRecorded(async (mock) => {
        const bff = await bffAgainst(mock.url);
        const response = await bff.inject({ method: 'POST', url: '/api/admin/login', headers: { origin: ORIGIN }, payload: { username: 'founder', password: 'first-admin-pass' } });
        expect(response.statusCode).toBe(200);
        expect(response.cookies.map((c) => c.name)).toContain('krom_session');
      }));
  });

  it('refuses wrong staff credentials', async () => {
    await pact
      .addInteraction()
      .given('an admin exists', { id: ADMIN_ID, username: 'founder', password: 'first-admin-pass' })
      .uponReceiving('a credential check with a wrong password')
      .withRequest('POST', '/admin-sessions', (b) => {
        b.headers(assertionAs({ kind: 'public' })).jsonBody({ username: 'founder', password: 'wrong-password' });
      })
      .willRespondWith(401, (b) => b.jsonBody({ message: 'Invalid username or password' }))
      .executeTest(whenRecorded(async (mock) => {
        const bff = await bffAgainst(mock.url);
        const response = await bff.inject({ method: 'POST', url: '/api/admin/login', headers: { origin: ORIGIN }, payload: { username: 'founder', password: 'wrong-password' } });
        expect(response.statusCode).toBe(401);
        expect(response.json().message).toBe('Invalid username or password');
      }));
  });

  it('confirms the signed-in admin still exists', async () => {
    await pact
      .addInteraction()
      .given('an admin exists', { id: ADMIN_ID, username: 'founder', password: 'first-admin-pass' })
      .uponReceiving('a look-up of the signed-in admin')
      .withRequest('GET', `/admin-users/${ADMIN_ID}`, (b) => {
        b.headers(assertionAs({ kind: 'admin', adminId: ADMIN_ID }));
      })
      .willRespondWith(200, (b) => b.jsonBody({ admin: adminUser }))
      .executeTest(whenRecorded(async (mock) => {
        const bff = await bffAgainst(mock.url);
        const response = await bff.inject({ method: 'GET', url: '/api/admin/verify', cookies: await adminCookie(bff) });
        expect(response.statusCode).toBe(200);
        expect(response.json().admin.id).toBe(ADMIN_ID);
      }));
  });

  it('reads the waitlist for staff', async () => {
    await pact
      .addInteraction()
      .given('an admin exists', { id: ADMIN_ID, username: 'founder', password: 'first-admin-pass' })
      .given('the waitlist has a sign-up')
      .uponReceiving('a request for the waitlist by an admin')
      .withRequest('GET', '/waitlist', (b) => {
        b.headers(assertionAs({ kind: 'admin', adminId: ADMIN_ID }));
      })
      .willRespondWith(200, (b) => b.jsonBody(eachLike(signup)))
      .executeTest(whenRecorded(async (mock) => {
        const bff = await bffAgainst(mock.url);
        const response = await bff.inject({ method: 'GET', url: '/api/admin/waitlist', cookies: await adminCookie(bff) });
        expect(response.statusCode).toBe(200);
        expect(response.json()[0]).toHaveProperty('email');
      }));
  });

  it('reads the audit log for an administrator, filtered by action', async () => {
    await pact
      .addInteraction()
      .given('an admin exists', { id: ADMIN_ID, username: 'founder', password: 'first-admin-pass' })
      .uponReceiving('a request for the audit log of one action on a target nothing was done to')
      .withRequest('GET', '/staff-audit', (b) => {
        b.headers(assertionAs({ kind: 'admin', adminId: ADMIN_ID })).query({ action: 'admin.created', targetId: 'no-such-target' });
      })
      .willRespondWith(200, (b) => b.jsonBody({ entries: [] }))
      .executeTest(whenRecorded(async (mock) => {
        const bff = await bffAgainst(mock.url);
        const response = await bff.inject({ method: 'GET', url: '/api/admin/audit?action=admin.created&targetId=no-such-target', cookies: await adminCookie(bff) });
        expect(response.statusCode).toBe(200);
        expect(response.json()).toEqual({ entries: [] });
      }));
  });

  it('lists and creates admins for staff', async () => {
    await pact
      .addInteraction()
      .given('an admin exists', { id: ADMIN_ID, username: 'founder', password: 'first-admin-pass' })
      .uponReceiving('a request for the admin list')
      .withRequest('GET', '/admin-users', (b) => {
        b.headers(assertionAs({ kind: 'admin', adminId: ADMIN_ID }));
      })
      .willRespondWith(200, (b) => b.jsonBody(eachLike(adminUser)))
      .executeTest(whenRecorded(async (mock) => {
        const bff = await bffAgainst(mock.url);
        const response = await bff.inject({ method: 'GET', url: '/api/admin/users', cookies: await adminCookie(bff) });
        expect(response.json()[0].username).toBe('founder');
      }));

    await pact
      .addInteraction()
      .given('an admin exists', { id: ADMIN_ID, username: 'founder', password: 'first-admin-pass' })
      .uponReceiving("a request for the staff's names")
      .withRequest('GET', '/staff-names', (b) => {
        b.headers(assertionAs({ kind: 'admin', adminId: ADMIN_ID }));
      })
      .willRespondWith(200, (b) => b.jsonBody({ staff: eachLike({ id: uuid(ADMIN_ID), username: like('founder') }) }))
      .executeTest(whenRecorded(async (mock) => {
        const bff = await bffAgainst(mock.url);
        const response = await bff.inject({ method: 'GET', url: '/api/admin/staff-names', cookies: await adminCookie(bff) });
        expect(response.json().staff[0]).toEqual({ id: ADMIN_ID, username: 'founder' });
      }));

    await pact
      .addInteraction()
      .given('an admin exists', { id: ADMIN_ID, username: 'founder', password: 'first-admin-pass' })
      .uponReceiving('a new admin account')
      .withRequest('POST', '/admin-users', (b) => {
        b.headers(assertionAs({ kind: 'admin', adminId: ADMIN_ID })).jsonBody({ username: 'kwame.ops', password: 'kwame-pass', roles: ['support'] });
      })
      .willRespondWith(201, (b) => b.jsonBody({ id: uuid(), username: 'kwame.ops', roles: ['support'], createdAt: isoDate }))
      .executeTest(whenRecorded(async (mock) => {
        const bff = await bffAgainst(mock.url);
        const response = await bff.inject({
          method: 'POST',
          url: '/api/admin/users',
          headers: { origin: ORIGIN },
          cookies: await adminCookie(bff),
          payload: { username: 'kwame.ops', password: 'kwame-pass', roles: ['support'] },
        });
        expect(response.statusCode).toBe(201);
      }));

    await pact
      .addInteraction()
      .given('an admin exists', { id: ADMIN_ID, username: 'founder', password: 'first-admin-pass' })
      .uponReceiving('an admin account whose username is taken')
      .withRequest('POST', '/admin-users', (b) => {
        b.headers(assertionAs({ kind: 'admin', adminId: ADMIN_ID })).jsonBody({ username: 'founder', password: 'other-pass', roles: ['support'] });
      })
      .willRespondWith(409, (b) => b.jsonBody({ message: 'Username already exists' }))
      .executeTest(whenRecorded(async (mock) => {
        const bff = await bffAgainst(mock.url);
        const response = await bff.inject({
          method: 'POST',
          url: '/api/admin/users',
          headers: { origin: ORIGIN },
          cookies: await adminCookie(bff),
          payload: { username: 'founder', password: 'other-pass', roles: ['support'] },
        });
        expect(response.statusCode).toBe(409);
        expect(response.json().message).toBe('Username already exists');
      }));
  });
});

describe('BFF → admin service (member reports)', () => {
  const USER_ID = '2c4e6a8b-1d3f-4b5a-9c7e-0f2a4c6e8b1d';
  const REPORTED_ID = '7a9c1e3b-5d7f-4a2c-8e4b-6d8f0a2c4e6b';

  it('forwards a member report as the signed-in user and passes the thanks back', async () => {
    const asMember = { [ASSERTION_HEADER]: regex(jwt, await exampleAssertion({ kind: 'user', userId: USER_ID }, 'admin')) };
    const report = { reason: 'unsafe_driving', details: 'Overtook on a bend', source: 'profile' };
    await pact
      .addInteraction()
      .uponReceiving('a member reporting another member')
      .withRequest('POST', `/members/${REPORTED_ID}/reports`, (b) => {
        b.headers(asMember).jsonBody(report);
      })
      .willRespondWith(201, (b) => b.jsonBody({ message: like(memberSafetyMessages.reportThanks) }))
      .executeTest(whenRecorded(async (mock) => {
        const bff = await bffAgainst(mock.url);
        const sid = await bff.sessions.create('user', USER_ID);
        const cookies = { krom_session: bff.encodeSecureSession(bff.createSecureSession({ user: sid })) };
        const response = await bff.inject({ method: 'POST', url: `/api/members/${REPORTED_ID}/reports`, headers: { origin: ORIGIN }, cookies, payload: report });
        expect([response.statusCode, response.json().message]).toEqual([201, memberSafetyMessages.reportThanks]);
      }));
  });
});

describe('BFF → admin service (support tickets)', () => {
  const MEMBER_ID = '3d5f7b9c-2e4a-4c6b-8d0f-1a3c5e7b9d2f';
  const TICKET_ID = '8b0d2f4a-6c8e-4a1b-9d3f-5e7a9c1b3d5f';
  const ticketState = { memberId: MEMBER_ID, ticketId: TICKET_ID };
  const BOUNDARY = 'krom-ticket-form';
  /** The form as a browser sends it, with a fixed boundary so the recorded body is the one forwarded. */
  const form = Buffer.from(
    [
      ['category', 'safety'],
      ['subject', 'Reckless driving'],
      ['description', 'The driver overtook on blind bends the whole way to Nkawkaw.'],
    ]
      .map(([name, value]) => `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`)
      .join('')
      .concat(`--${BOUNDARY}--\r\n`),
  );
  const summary = {
    id: uuid(TICKET_ID),
    category: like('safety'),
    subject: like('Reckless driving'),
    status: like('open'),
    bookingId: null,
    rideId: null,
    createdAt: isoDate,
    updatedAt: isoDate,
  };
  const ticket = { ...summary, description: like('The driver overtook on blind bends the whole way to Nkawkaw.'), priority: like('medium'), attachments: [] };
  let asMember: { [ASSERTION_HEADER]: ReturnType<typeof regex> };
  beforeAll(async () => {
    asMember = { [ASSERTION_HEADER]: regex(jwt, await exampleAssertion({ kind: 'user', userId: MEMBER_ID }, 'admin')) };
  });
  async function memberCookie(bff: FastifyInstance) {
    const sid = await bff.sessions.create('user', MEMBER_ID);
    return { krom_session: bff.encodeSecureSession(bff.createSecureSession({ user: sid })) };
  }

  it('streams the ticket form to admin as the member sent it', async () => {
    await pact
      .addInteraction()
      .uponReceiving('a member opening a support ticket')
      .withRequest('POST', '/support/tickets', (b) => {
        b.headers(asMember).body(`multipart/form-data; boundary=${BOUNDARY}`, form).matchingRules({ body: ['category', 'subject', 'description'].map((part) => ({ path: `$.${part}`, rules: [{ 'pact:matcher:type': 'equality' }] })) });
      })
      .willRespondWith(201, (b) => b.jsonBody({ ...ticket, id: uuid(), messages: [] }))
      .executeTest(whenRecorded(async (mock) => {
        const bff = await bffAgainst(mock.url);
        const response = await bff.inject({
          method: 'POST',
          url: '/api/support/tickets',
          headers: { origin: ORIGIN, 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
          cookies: await memberCookie(bff),
          payload: form,
        });
        expect(response.statusCode).toBe(201);
        expect(response.json().status).toBe('open');
      }));
  });

  it("reads the member's tickets and one ticket's conversation", async () => {
    await pact
      .addInteraction()
      .given('a member has a support ticket', ticketState)
      .uponReceiving("a member's list of tickets")
      .withRequest('GET', '/support/tickets', (b) => {
        b.headers(asMember);
      })
      .willRespondWith(200, (b) => b.jsonBody({ tickets: eachLike(summary) }))
      .executeTest(whenRecorded(async (mock) => {
        const bff = await bffAgainst(mock.url);
        const response = await bff.inject({ method: 'GET', url: '/api/support/tickets', cookies: await memberCookie(bff) });
        expect(response.json().tickets[0].id).toBe(TICKET_ID);
      }));

    await pact
      .addInteraction()
      .given('a member has a support ticket', ticketState)
      .uponReceiving("a member's ticket with its conversation")
      .withRequest('GET', `/support/tickets/${TICKET_ID}`, (b) => {
        b.headers(asMember);
      })
      .willRespondWith(200, (b) => b.jsonBody({ ...ticket, messages: eachLike({ id: uuid(), author: like('staff'), body: like('Which pick-up point were you at?'), createdAt: isoDate }) }))
      .executeTest(whenRecorded(async (mock) => {
        const bff = await bffAgainst(mock.url);
        const response = await bff.inject({ method: 'GET', url: `/api/support/tickets/${TICKET_ID}`, cookies: await memberCookie(bff) });
        expect(response.statusCode).toBe(200);
        expect(response.json().messages[0].author).toBe('staff');
      }));
  });

  it('passes on the member’s answer and their closing of the ticket', async () => {
    await pact
      .addInteraction()
      .given('a member has a support ticket', ticketState)
      .uponReceiving('a member answering in their ticket')
      .withRequest('POST', `/support/tickets/${TICKET_ID}/messages`, (b) => {
        b.headers(asMember).jsonBody({ body: 'The Circle VIP station, gate 2.' });
      })
      .willRespondWith(201, (b) => b.jsonBody({ id: uuid(), author: 'member', body: 'The Circle VIP station, gate 2.', createdAt: isoDate }))
      .executeTest(whenRecorded(async (mock) => {
        const bff = await bffAgainst(mock.url);
        const response = await bff.inject({
          method: 'POST',
          url: `/api/support/tickets/${TICKET_ID}/messages`,
          headers: { origin: ORIGIN },
          cookies: await memberCookie(bff),
          payload: { body: 'The Circle VIP station, gate 2.' },
        });
        expect(response.statusCode).toBe(201);
      }));

    await pact
      .addInteraction()
      .given('a member has a support ticket', ticketState)
      .uponReceiving('a member closing their ticket')
      .withRequest('POST', `/support/tickets/${TICKET_ID}/close`, (b) => {
        b.headers(asMember);
      })
      .willRespondWith(200, (b) => b.jsonBody({ ...ticket, status: 'closed', messages: eachLike({ id: uuid(), author: like('staff'), body: like('Which pick-up point were you at?'), createdAt: isoDate }) }))
      .executeTest(whenRecorded(async (mock) => {
        const bff = await bffAgainst(mock.url);
        const response = await bff.inject({ method: 'POST', url: `/api/support/tickets/${TICKET_ID}/close`, headers: { origin: ORIGIN }, cookies: await memberCookie(bff) });
        expect(response.json().status).toBe('closed');
      }));
  });
});

describe('BFF → admin service (staff ticket queue)', () => {
  const MEMBER_ID = '4e6a8c0e-3f5b-4d7c-9e1a-2b4d6f8a0c3e';
  const TICKET_ID = '9c1e3a5b-7d9f-4b2c-8e4a-6f8b0d2c4e6a';
  const REPORT_TICKET_ID = '2a4c6e8a-0b1d-4f3a-9c5e-7a9b1d3f5a7c';
  const REPORTED_ID = '6b8d0f2b-1c3e-4a5b-8d7f-9a1c3e5b7d9f';
  const BOOKING_ID = '7f9b1d3f-4a6c-4e8d-8f2b-3c5e7a9b1d4f';
  const queueState = { memberId: MEMBER_ID, ticketId: TICKET_ID };
  const staffSummary = {
    id: uuid(TICKET_ID),
    category: like('safety'),
    subject: like('Reckless driving'),
    status: like('open'),
    bookingId: null,
    rideId: null,
    createdAt: isoDate,
    updatedAt: isoDate,
    memberId: uuid(MEMBER_ID),
    priority: like('medium'),
    claimedBy: null,
    claimedAt: null,
    version: like(1),
    memberReport: null,
  };
  const staffTicket = { ...staffSummary, description: like('The driver overtook on blind bends the whole way to Nkawkaw.'), attachments: [], messages: [] };
  const claimed = { ...staffTicket, status: 'in_review', claimedBy: uuid(ADMIN_ID), claimedAt: isoDate, version: like(2) };

  it("reads the queue and one ticket as staff", async () => {
    await pact
      .addInteraction()
      .given('a ticket waits in the staff queue', queueState)
      .uponReceiving('the staff ticket queue of open safety tickets of medium priority')
      .withRequest('GET', '/staff/tickets', (b) => {
        // Medium priority: members' own tickets, not the (high) cases other interactions' reports opened.
        b.headers(assertionAs({ kind: 'admin', adminId: ADMIN_ID })).query({ status: 'open', category: 'safety', priority: 'medium' });
      })
      .willRespondWith(200, (b) => b.jsonBody({ tickets: eachLike(staffSummary) }))
      .executeTest(whenRecorded(async (mock) => {
        const bff = await bffAgainst(mock.url);
        const response = await bff.inject({ method: 'GET', url: '/api/admin/tickets?status=open&category=safety&priority=medium', cookies: await adminCookie(bff) });
        expect(response.json().tickets[0].id).toBe(TICKET_ID);
      }));

    await pact
      .addInteraction()
      .given('a ticket waits in the staff queue', queueState)
      .uponReceiving('a ticket as staff see it')
      .withRequest('GET', `/staff/tickets/${TICKET_ID}`, (b) => {
        b.headers(assertionAs({ kind: 'admin', adminId: ADMIN_ID }));
      })
      .willRespondWith(200, (b) => b.jsonBody(staffTicket))
      .executeTest(whenRecorded(async (mock) => {
        const bff = await bffAgainst(mock.url);
        const response = await bff.inject({ method: 'GET', url: `/api/admin/tickets/${TICKET_ID}`, cookies: await adminCookie(bff) });
        expect(response.json().memberId).toBe(MEMBER_ID);
      }));
  });

  it("reads a reported member's cases for the member page: the reports about them and their own tickets", async () => {
    const caseState = { reporterId: MEMBER_ID, reportedId: REPORTED_ID, ticketId: REPORT_TICKET_ID, bookingId: BOOKING_ID };
    await pact
      .addInteraction()
      .given('a member report waits in the staff queue', caseState)
      .uponReceiving("a reported member's tickets and the reports about them")
      .withRequest('GET', `/staff/members/${REPORTED_ID}/cases`, (b) => {
        b.headers(assertionAs({ kind: 'admin', adminId: ADMIN_ID }));
      })
      .willRespondWith(200, (b) =>
        b.jsonBody({
          tickets: { count: integer(0), latest: [] },
          reportsAbout: {
            count: integer(1),
            latest: eachLike({
              reportId: uuid(),
              ticketId: uuid(REPORT_TICKET_ID),
              reporterId: uuid(MEMBER_ID),
              reason: like('harassment'),
              source: like('booking'),
              reportedAt: isoDate,
            }),
          },
        }),
      )
      .executeTest(whenRecorded(async (mock) => {
        const bff = await bffAgainst(mock.url);
        // Identity and rides are down in this BFF: their sections are unavailable, admin's is read.
        const response = await bff.inject({ method: 'GET', url: `/api/admin/members/${REPORTED_ID}`, cookies: await adminCookie(bff) });
        expect(response.statusCode).toBe(200);
        expect(response.json().cases).toMatchObject({ available: true, reportsAbout: { count: 1, latest: [{ ticketId: REPORT_TICKET_ID, reporterId: MEMBER_ID }] } });
      }));
  });

  it('reads a member report as its case: the reported member, the reason and where it was made', async () => {
    const caseState = { reporterId: MEMBER_ID, reportedId: REPORTED_ID, ticketId: REPORT_TICKET_ID, bookingId: BOOKING_ID };
    await pact
      .addInteraction()
      .given('a member report waits in the staff queue', caseState)
      .uponReceiving("a member report's case as staff see it")
      .withRequest('GET', `/staff/tickets/${REPORT_TICKET_ID}`, (b) => {
        b.headers(assertionAs({ kind: 'admin', adminId: ADMIN_ID }));
      })
      .willRespondWith(200, (b) =>
        b.jsonBody({
          ...staffTicket,
          id: uuid(REPORT_TICKET_ID),
          subject: like('Member report: Harassment or threats'),
          priority: like('high'),
          description: like('Threatened me at Kejetia'),
          memberReport: { reportId: uuid(), reportedId: uuid(REPORTED_ID), reason: like('harassment'), details: like('Threatened me at Kejetia'), source: like('booking'), sourceId: uuid(BOOKING_ID), reportedAt: isoDate },
        }),
      )
      .executeTest(whenRecorded(async (mock) => {
        const bff = await bffAgainst(mock.url);
        const response = await bff.inject({ method: 'GET', url: `/api/admin/tickets/${REPORT_TICKET_ID}`, cookies: await adminCookie(bff) });
        expect(response.json().memberReport).toMatchObject({ reportedId: REPORTED_ID, source: 'booking', sourceId: BOOKING_ID });
      }));
  });

  it('claims, replies and notes as the signed-in staff member', async () => {
    await pact
      .addInteraction()
      .given('a ticket waits in the staff queue', queueState)
      .uponReceiving('a staff member claiming a ticket')
      .withRequest('POST', `/staff/tickets/${TICKET_ID}/claim`, (b) => {
        b.headers(assertionAs({ kind: 'admin', adminId: ADMIN_ID }));
      })
      .willRespondWith(200, (b) => b.jsonBody(claimed))
      .executeTest(whenRecorded(async (mock) => {
        const bff = await bffAgainst(mock.url);
        const response = await bff.inject({ method: 'POST', url: `/api/admin/tickets/${TICKET_ID}/claim`, headers: { origin: ORIGIN }, cookies: await adminCookie(bff) });
        expect(response.json().claimedBy).toBe(ADMIN_ID);
      }));

    await pact
      .addInteraction()
      .given('a ticket waits in the staff queue', queueState)
      .uponReceiving('a staff reply to the member')
      .withRequest('POST', `/staff/tickets/${TICKET_ID}/replies`, (b) => {
        b.headers(assertionAs({ kind: 'admin', adminId: ADMIN_ID })).jsonBody({ body: 'Which pick-up point were you at?' });
      })
      .willRespondWith(201, (b) => b.jsonBody({ id: uuid(), author: 'staff', body: 'Which pick-up point were you at?', createdAt: isoDate, internal: false }))
      .executeTest(whenRecorded(async (mock) => {
        const bff = await bffAgainst(mock.url);
        const response = await bff.inject({
          method: 'POST',
          url: `/api/admin/tickets/${TICKET_ID}/replies`,
          headers: { origin: ORIGIN },
          cookies: await adminCookie(bff),
          payload: { body: 'Which pick-up point were you at?' },
        });
        expect(response.statusCode).toBe(201);
      }));

    await pact
      .addInteraction()
      .given('a ticket waits in the staff queue', queueState)
      .uponReceiving('an internal note by staff')
      .withRequest('POST', `/staff/tickets/${TICKET_ID}/notes`, (b) => {
        b.headers(assertionAs({ kind: 'admin', adminId: ADMIN_ID })).jsonBody({ body: 'Driver has two earlier reports.' });
      })
      .willRespondWith(201, (b) => b.jsonBody({ id: uuid(), author: 'staff', body: 'Driver has two earlier reports.', createdAt: isoDate, internal: true }))
      .executeTest(whenRecorded(async (mock) => {
        const bff = await bffAgainst(mock.url);
        const response = await bff.inject({
          method: 'POST',
          url: `/api/admin/tickets/${TICKET_ID}/notes`,
          headers: { origin: ORIGIN },
          cookies: await adminCookie(bff),
          payload: { body: 'Driver has two earlier reports.' },
        });
        expect(response.json().internal).toBe(true);
      }));
  });
});
