import { initTelemetry } from '@krom/server-kit/telemetry';
import { eventually } from '@krom/server-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORIGIN, startBffWithAdmin } from './bff-test-env.ts';

let system: Awaited<ReturnType<typeof startBffWithAdmin>>;
beforeAll(async () => {
  initTelemetry('bff-test');
  system = await startBffWithAdmin({ RATE_LIMIT_PUBLIC_PER_MINUTE: '4' });
});
afterAll(() => system.close());

const join = (payload: object, headers: Record<string, string> = { origin: ORIGIN }, ip = '10.0.0.1') =>
  system.bff.inject({ method: 'POST', url: '/api/waitlist', headers, payload, remoteAddress: ip });

describe('POST /api/waitlist', () => {
  it('joins, and a repeat e-mail is answered without an error', async () => {
    const first = await join({ name: 'Yaa Asantewaa', email: 'yaa@example.com', phone: '0501234567' });
    const again = await join({ name: 'Yaa Asantewaa', email: 'yaa@example.com', phone: '0501234567' });
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(200);
    expect(again.json().alreadyJoined).toBe(true);
  });

  it('answers bad input with the spec message', async () => {
    const response = await join({ name: 'Yaa Asantewaa', email: 'yaa@', phone: '0501234567' }, { origin: ORIGIN }, '10.0.0.2');
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('Please enter a valid email address');
  });

  it('refuses a cross-site request', async () => {
    const fromElsewhere = await join({ name: 'Mallory', email: 'm@example.com', phone: '0501234567' }, { origin: 'https://evil.example' }, '10.0.0.3');
    const crossSite = await join({ name: 'Mallory', email: 'm@example.com', phone: '0501234567' }, { 'sec-fetch-site': 'cross-site' }, '10.0.0.3');
    expect(fromElsewhere.statusCode).toBe(403);
    expect(crossSite.statusCode).toBe(403);
    expect(fromElsewhere.json().message).toBe('Cross-site request refused');
  });

  it('limits each client to its share of public sign-ups per minute', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      const response = await join({ name: 'Rate Tester', email: `rate${i}@example.com`, phone: `024123456${i}` }, { origin: ORIGIN }, '10.0.0.9');
      statuses.push(response.statusCode);
    }
    expect(statuses.slice(0, 4).every((s) => s === 201)).toBe(true);
    expect(statuses.slice(4)).toEqual([429, 429]);
    const other = await join({ name: 'Other Client', email: 'other@example.com', phone: '0241234577' }, { origin: ORIGIN }, '10.0.0.10');
    expect(other.statusCode).toBe(201);
  });

  it('carries the caller’s trace into the service and its event envelope', async () => {
    const traceId = 'ab'.repeat(16);
    await join(
      { name: 'Trace Person', email: 'trace@example.com', phone: '0241234588' },
      { origin: ORIGIN, traceparent: `00-${traceId}-${'cd'.repeat(8)}-01` },
      '10.0.0.20',
    );
    const envelope = await eventually(async () => {
      const { rows } = await system.admin.db.$client.query("SELECT envelope FROM outbox WHERE envelope->'data'->>'email' = 'trace@example.com'");
      return rows[0]?.envelope;
    });
    expect(envelope.traceparent).toContain(traceId);
  });
});

describe('GET /api/auth/user', () => {
  it('answers 401 when no user is signed in', async () => {
    const response = await system.bff.inject({ method: 'GET', url: '/api/auth/user' });
    expect(response.statusCode).toBe(401);
  });
});

describe('a service that is down', () => {
  it('gives a clear 503, not a 500', async () => {
    const sid = await system.bff.sessions.create('user', crypto.randomUUID());
    const cookie = system.bff.encodeSecureSession(system.bff.createSecureSession({ user: sid }));
    const response = await system.bff.inject({ method: 'GET', url: '/api/auth/user', cookies: { krom_session: cookie } });
    expect(response.statusCode).toBe(503);
    expect(response.json().message).toBe('Service unavailable. Please try again.');
  });
});

describe('over HTTPS', () => {
  it('names the cookie with the __Host- prefix and marks it Secure', async () => {
    const secure = await startBffWithAdmin({ PUBLIC_ORIGIN: 'https://krom.example' });
    try {
      const response = await secure.bff.inject({
        method: 'POST',
        url: '/api/admin/login',
        headers: { origin: 'https://krom.example' },
        payload: { username: 'founder', password: 'first-admin-pass' },
      });
      const header = String(response.headers['set-cookie']);
      expect(header).toMatch(/^__Host-krom_session=/);
      expect(header).toMatch(/Secure/);
    } finally {
      await secure.close();
    }
  });
});
