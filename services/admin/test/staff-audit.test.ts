import { randomUUID } from 'node:crypto';
import { type StaffAction, staffActionEvents } from '@krom/contracts/events/staff-actions';
import type { StaffAuditEntry } from '@krom/contracts/http/staff-audit';
import { dropDatabase } from '@krom/server-kit/db';
import { eventually, testEnvelope } from '@krom/server-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openAdminService } from '../src/open-admin.ts';
import { adminTestConfig } from './admin-test-env.ts';

const { config, as } = adminTestConfig({ ADMIN_BOOTSTRAP_USERNAME: 'founder', ADMIN_BOOTSTRAP_PASSWORD: 'first-admin-pass' });
let service: Awaited<ReturnType<typeof openAdminService>>;
let founder: { id: string; roles: string[] };

beforeAll(async () => {
  service = await openAdminService(config);
  const signIn = await service.app.inject({
    method: 'POST',
    url: '/admin-sessions',
    headers: await as({ kind: 'public' }),
    payload: { username: 'founder', password: 'first-admin-pass' },
  });
  founder = signIn.json().admin;
});
afterAll(async () => {
  await service.bus.jsm.streams.delete(service.bus.streamName);
  await service.app.close();
  await dropDatabase(config.DATABASE_URL);
});

const asFounder = () => as({ kind: 'admin', adminId: founder.id, roles: founder.roles });
const audit = async (query: string): Promise<StaffAuditEntry[]> => {
  const response = await service.app.inject({ method: 'GET', url: `/staff-audit?${query}`, headers: await asFounder() });
  expect(response.statusCode).toBe(200);
  return response.json().entries;
};
const auditOf = (targetId: string, expected: number) =>
  eventually(async () => {
    const entries = await audit(`targetId=${targetId}`);
    return entries.length >= expected ? entries : undefined;
  });

describe('staff roles in admin', () => {
  it('gives the bootstrap administrator every role', () => {
    expect(founder.roles).toEqual(['support', 'trust_safety', 'finance', 'administrator']);
  });

  it('creates staff with the roles given, refusing an unknown role', async () => {
    const bad = await service.app.inject({
      method: 'POST',
      url: '/admin-users',
      headers: await asFounder(),
      payload: { username: 'kofi.money', password: 'money-pass-1', roles: ['banker'] },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Unknown staff role');
    const none = await service.app.inject({
      method: 'POST',
      url: '/admin-users',
      headers: await asFounder(),
      payload: { username: 'kofi.money', password: 'money-pass-1', roles: [] },
    });
    expect(none.json().message).toBe('Choose at least one role');
  });
});

describe('changing roles', () => {
  it("refuses to take an administrator's own administrator role away, and changes nothing", async () => {
    const refused = await service.app.inject({
      method: 'PUT',
      url: `/admin-users/${founder.id}/roles`,
      headers: await asFounder(),
      payload: { roles: ['support', 'finance'] },
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('You cannot remove your own administrator role');
    const again = await service.app.inject({ method: 'GET', url: `/admin-users/${founder.id}`, headers: await asFounder() });
    expect(again.json().admin.roles).toEqual(['support', 'trust_safety', 'finance', 'administrator']);
  });

  it('lets an administrator change their own other roles while keeping administrator', async () => {
    const kept = await service.app.inject({
      method: 'PUT',
      url: `/admin-users/${founder.id}/roles`,
      headers: await asFounder(),
      payload: { roles: ['administrator', 'support', 'trust_safety', 'finance'] },
    });
    expect(kept.statusCode).toBe(200);
    expect(kept.json().roles).toEqual(['support', 'trust_safety', 'finance', 'administrator']);
  });
});

describe('the audit log', () => {
  it('records an account created and its roles changed, with who, what and to whom', async () => {
    const created = await service.app.inject({
      method: 'POST',
      url: '/admin-users',
      headers: await asFounder(),
      payload: { username: 'abena.money', password: 'money-pass-1', roles: ['finance'] },
    });
    expect(created.statusCode).toBe(201);
    const { id } = created.json();
    const changed = await service.app.inject({
      method: 'PUT',
      url: `/admin-users/${id}/roles`,
      headers: await asFounder(),
      payload: { roles: ['finance', 'support'] },
    });
    expect(changed.json().roles).toEqual(['support', 'finance']);

    const entries = await auditOf(id, 2);
    expect(entries.map((entry) => entry.action)).toEqual(['admin.roles_changed', 'admin.created']);
    expect(entries[1]).toMatchObject({ service: 'admin', actorId: founder.id, targetType: 'admin', details: { username: 'abena.money', roles: 'finance' } });
    expect(entries[0]?.details).toEqual({ from: 'finance', to: 'finance,support' });
    expect((await audit(`actorId=${founder.id}&action=admin.created`)).map((entry) => entry.targetId)).toContain(id);
    expect(await audit(`targetId=${id}&from=${encodeURIComponent(new Date(Date.now() + 60_000).toISOString())}`)).toEqual([]);
  });

  it('keeps a staff action once when its event is delivered twice', async () => {
    const targetId = randomUUID();
    const action: StaffAction = {
      actorId: founder.id,
      actorRoles: ['trust_safety'],
      action: 'verification.approved',
      targetType: 'verification',
      targetId,
      reason: null,
      details: { kind: 'identity' },
      actedAt: new Date().toISOString(),
    };
    const envelope = testEnvelope(staffActionEvents.identity, action);
    const bus = service.bus;
    await bus.publish(staffActionEvents.identity.subject, envelope);
    // The same envelope again under another message id (JetStream would drop a plain repeat).
    const again = await bus.js.publish(bus.subjectOf(staffActionEvents.identity.subject), JSON.stringify(envelope), { msgID: randomUUID() });
    await eventually(async () => {
      const info = await bus.jsm.consumers.info(bus.streamName, `admin_${staffActionEvents.identity.subject.replaceAll('.', '_')}`);
      return info.ack_floor.stream_seq >= again.seq && info.num_ack_pending === 0 ? info : undefined;
    });
    const entries = await audit(`targetId=${targetId}`);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ service: 'identity', action: 'verification.approved', actorRoles: ['trust_safety'] });
  });

  it('cannot be edited, deleted or emptied, even by the service itself', async () => {
    const { rows } = await service.db.$client.query('SELECT id FROM staff_audit_log LIMIT 1');
    expect(rows).toHaveLength(1);
    await expect(service.db.$client.query("UPDATE staff_audit_log SET action = 'nothing' WHERE id = $1", [rows[0].id])).rejects.toThrow(/append-only/);
    await expect(service.db.$client.query('DELETE FROM staff_audit_log WHERE id = $1', [rows[0].id])).rejects.toThrow(/append-only/);
    await expect(service.db.$client.query('TRUNCATE staff_audit_log')).rejects.toThrow(/append-only/);
    expect((await service.db.$client.query('SELECT count(*)::int AS n FROM staff_audit_log WHERE id = $1', [rows[0].id])).rows[0].n).toBe(1);
  });
});

describe('reading the log a page at a time', () => {
  it('pages through entries of the same millisecond without skipping or repeating one, and refuses a cursor it did not make', async () => {
    const targetId = randomUUID();
    const actedAt = new Date('2026-11-20T09:30:00.123Z');
    for (let n = 0; n < 5; n += 1) {
      await service.db.$client.query(
        `INSERT INTO staff_audit_log (event_id, service, actor_id, actor_roles, action, target_type, target_id, reason, details, acted_at)
         VALUES ($1, 'rides', $2, ARRAY['support'], 'booking.cancelled', 'booking', $3, NULL, '{}'::jsonb, $4)`,
        [randomUUID(), founder.id, targetId, actedAt.toISOString()],
      );
    }
    const page = async (cursor?: string) => {
      const response = await service.app.inject({
        method: 'GET',
        url: `/staff-audit?targetId=${targetId}&limit=2${cursor ? `&before=${encodeURIComponent(cursor)}` : ''}`,
        headers: await asFounder(),
      });
      expect(response.statusCode, response.body).toBe(200);
      return response.json() as { entries: StaffAuditEntry[]; nextCursor: string | null };
    };
    const seen: string[] = [];
    const sizes: number[] = [];
    let cursor: string | null | undefined;
    do {
      const next = await page(cursor ?? undefined);
      seen.push(...next.entries.map((entry) => entry.id));
      sizes.push(next.entries.length);
      cursor = next.nextCursor;
    } while (cursor);
    expect(sizes).toEqual([2, 2, 1]);
    expect(new Set(seen).size).toBe(5);

    const forged = await service.app.inject({ method: 'GET', url: '/staff-audit?before=not-a-cursor', headers: await asFounder() });
    expect(forged.statusCode).toBe(400);
    expect(forged.json().message).toBe('Unknown page of the audit log');
  });
});
