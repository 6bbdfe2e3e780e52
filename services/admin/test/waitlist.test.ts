import { waitlistJoined } from '@krom/contracts/events/admin';
import { dropDatabase } from '@krom/server-kit/db';
import { administratorCaller, eventually, publishedEvents } from '@krom/server-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openAdminService } from '../src/open-admin.ts';
import { adminTestConfig } from './admin-test-env.ts';

const { config, as } = adminTestConfig();
let service: Awaited<ReturnType<typeof openAdminService>>;

beforeAll(async () => {
  service = await openAdminService(config);
});
afterAll(async () => {
  await service.bus.jsm.streams.delete(service.bus.streamName);
  await service.app.close();
  await dropDatabase(config.DATABASE_URL);
});

const join = async (body: unknown) =>
  service.app.inject({ method: 'POST', url: '/waitlist', headers: await as({ kind: 'public' }), payload: body as object });

const publishedJoins = () => publishedEvents(service.bus, waitlistJoined.subject);

describe('joining the waitlist', () => {
  it('refuses a caller without an internal assertion', async () => {
    const response = await service.app.inject({ method: 'POST', url: '/waitlist', payload: { name: 'Ama Mensah', email: 'ama@example.com', phone: '0241234567' } });
    expect(response.statusCode).toBe(401);
  });

  it('stores the sign-up and publishes waitlist.joined through the outbox', async () => {
    const response = await join({ name: 'Ama Mensah', email: 'Ama@Example.com', phone: '0241234567' });
    expect(response.statusCode).toBe(201);
    const { id, alreadyJoined } = response.json();
    expect(alreadyJoined).toBe(false);

    const joins = await eventually(async () => {
      const found = await publishedJoins();
      return found.some((e) => (e.data as { signupId: string }).signupId === id) ? found : undefined;
    });
    const event = joins.find((e) => (e.data as { signupId: string }).signupId === id)!;
    expect(event.type).toBe('krom.admin.waitlist.joined.v1');
    expect(event.data).toMatchObject({ name: 'Ama Mensah', email: 'ama@example.com', phone: '0241234567' });
    expect(waitlistJoined.schema.safeParse(event.data).success).toBe(true);
  });

  it('answers a repeat e-mail (any case) without a second row or a second event', async () => {
    const first = await join({ name: 'Kofi Boateng', email: 'kofi@example.com', phone: '0551234567' });
    const again = await join({ name: 'Kofi B', email: 'KOFI@example.com', phone: '0201234567' });
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ id: first.json().id, alreadyJoined: true });

    const { rows } = await service.db.$client.query("SELECT count(*)::int AS n FROM waitlist_signups WHERE lower(email) = 'kofi@example.com'");
    expect(rows[0].n).toBe(1);
    const { rows: events } = await service.db.$client.query(
      "SELECT count(*)::int AS n FROM outbox WHERE envelope->'data'->>'email' = 'kofi@example.com'",
    );
    expect(events[0].n).toBe(1);
  });

  it('answers a repeat phone number with another e-mail as joined, without a second row or a second welcome SMS event', async () => {
    const first = await join({ name: 'Yaw Darko', email: 'yaw@example.com', phone: '0261234567' });
    const attempts = await Promise.all(Array.from({ length: 5 }, (_, i) => join({ name: 'Yaw Darko', email: `yaw-${i}@example.com`, phone: '0261234567' })));
    expect(first.statusCode).toBe(201);
    for (const again of attempts) {
      expect(again.statusCode).toBe(200);
      expect(again.json()).toEqual({ id: first.json().id, alreadyJoined: true });
    }
    const { rows } = await service.db.$client.query("SELECT count(*)::int AS n FROM waitlist_signups WHERE phone = '0261234567'");
    expect(rows[0].n).toBe(1);
    const { rows: events } = await service.db.$client.query("SELECT count(*)::int AS n FROM outbox WHERE envelope->'data'->>'phone' = '0261234567'");
    expect(events[0].n).toBe(1);
  });

  it.each([
    [{ name: 'A', email: 'a@example.com', phone: '0241234567' }, 'Name must be at least 2 characters'],
    [{ name: '  B ', email: 'b@example.com', phone: '0241234567' }, 'Name must be at least 2 characters'],
    [{ name: 'Ama Mensah', email: 'not-an-email', phone: '0241234567' }, 'Please enter a valid email address'],
    [{ name: 'Ama Mensah', email: 'c@example.com', phone: '241234567' }, 'Please enter a valid 10-digit Ghana phone number starting with 0'],
    [{ name: 'Ama Mensah', email: 'c@example.com', phone: '0141234567' }, 'Please enter a valid 10-digit Ghana phone number starting with 0'],
    [{ name: 'Ama Mensah', email: 'c@example.com', phone: '02412345678' }, 'Please enter a valid 10-digit Ghana phone number starting with 0'],
    [{ name: 'Ama Mensah', email: 'c@example.com' }, 'Please enter a valid 10-digit Ghana phone number starting with 0'],
  ])('answers 400 with the spec message for %j', async (body, message) => {
    const response = await join(body);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(message);
  });

  it('saves nothing for rejected input', async () => {
    await join({ name: 'X', email: 'x-rejected@example.com', phone: '0241234567' });
    const { rows } = await service.db.$client.query("SELECT count(*)::int AS n FROM waitlist_signups WHERE email = 'x-rejected@example.com'");
    expect(rows[0].n).toBe(0);
  });
});

describe('reading the waitlist', () => {
  it('is refused to anonymous callers and to users', async () => {
    const anonymous = await service.app.inject({ method: 'GET', url: '/waitlist', headers: await as({ kind: 'public' }) });
    const user = await service.app.inject({ method: 'GET', url: '/waitlist', headers: await as({ kind: 'user', userId: crypto.randomUUID() }) });
    expect(anonymous.statusCode).toBe(401);
    expect(user.statusCode).toBe(401);
  });

  it('lists sign-ups newest first for an admin', async () => {
    await join({ name: 'Esi Owusu', email: 'esi@example.com', phone: '0271234567' });
    const response = await service.app.inject({ method: 'GET', url: '/waitlist', headers: await as(administratorCaller()) });
    expect(response.statusCode).toBe(200);
    const list = response.json();
    expect(list[0]).toMatchObject({ name: 'Esi Owusu', email: 'esi@example.com', phone: '0271234567' });
    expect(new Date(list[0].createdAt).getTime()).toBeGreaterThanOrEqual(new Date(list.at(-1).createdAt).getTime());
  });
});

describe('health', () => {
  it('is ready with its database, NATS and the object store for attachments', async () => {
    const response = await service.app.inject({ method: 'GET', url: '/health/ready' });
    expect(response.statusCode).toBe(200);
    expect(response.json().checks).toEqual({ database: 'ok', nats: 'ok', objectStore: 'ok' });
  });
});
