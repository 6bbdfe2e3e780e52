import { randomUUID } from 'node:crypto';
import type { EventEnvelope } from '@krom/contracts/envelope';
import { type UserSnapshot, userSnapshotOf, userSuspended, userUnsuspended } from '@krom/contracts/events/identity';
import { staffActionEvents } from '@krom/contracts/events/staff-actions';
import { staffCaller } from '@krom/server-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openIdentityService } from '../src/open-identity.ts';
import { closeIdentity, type IdentityService, identityTestConfig, outboxEvents, registerThrough } from './identity-test-env.ts';

let service: IdentityService;
let config: ReturnType<typeof identityTestConfig>['config'];
let as: ReturnType<typeof identityTestConfig>['as'];

beforeAll(async () => {
  ({ config, as } = identityTestConfig());
  service = await openIdentityService(config);
});
afterAll(() => closeIdentity(service, config.DATABASE_URL));

const staffId = randomUUID();
const asStaff = () => as(staffCaller(['trust_safety'], staffId));
const suspend = async (userId: string, reason = 'Took payment outside Krom') =>
  service.app.inject({ method: 'POST', url: `/staff/members/${userId}/suspension`, headers: await asStaff(), payload: { reason } });
const lift = async (userId: string) => service.app.inject({ method: 'DELETE', url: `/staff/members/${userId}/suspension`, headers: await asStaff() });
const ofMember = async (subject: string, userId: string) => (await outboxEvents(service, subject)).filter((event) => event.data.userId === userId);
const auditedFor = async (userId: string) => (await outboxEvents(service, staffActionEvents.identity.subject)).filter((event) => event.data.targetId === userId);

describe('suspensions in identity', () => {
  it('announces each suspension and lift once, with a snapshot saying so and an audit record of who and why', async () => {
    const person = await registerThrough(service, as);
    expect((await suspend(person.id)).statusCode).toBe(200);
    expect((await suspend(person.id)).statusCode).toBe(409);
    expect((await lift(person.id)).statusCode).toBe(200);
    expect((await lift(person.id)).statusCode).toBe(409);

    const suspended = await ofMember(userSuspended.subject, person.id);
    expect(suspended.map((event) => event.data)).toEqual([expect.objectContaining({ userId: person.id, staffId, reason: 'Took payment outside Krom' })]);
    expect(await ofMember(userUnsuspended.subject, person.id)).toHaveLength(1);

    const snapshots = (await outboxEvents(service, userSnapshotOf(person.id).subject)) as EventEnvelope<UserSnapshot>[];
    expect(snapshots.map((event) => event.data.suspended)).toEqual([false, true, false]);

    const audit = await auditedFor(person.id);
    expect(audit.map((event) => [event.data.action, event.data.actorId, event.data.reason])).toEqual([
      ['member.suspended', staffId, 'Took payment outside Krom'],
      ['member.suspension_lifted', staffId, null],
    ]);
  });

  it('lets exactly one of two staff suspending at once win', async () => {
    const person = await registerThrough(service, as);
    const answers = await Promise.all([suspend(person.id, 'First of two staff'), suspend(person.id, 'Second of two staff')]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    expect(await ofMember(userSuspended.subject, person.id)).toHaveLength(1);
    expect(await auditedFor(person.id)).toHaveLength(1);
  });

  it('refuses a member caller, and has nothing to suspend for a deleted account', async () => {
    const person = await registerThrough(service, as);
    const byMember = await service.app.inject({
      method: 'POST',
      url: `/staff/members/${person.id}/suspension`,
      headers: await as({ kind: 'user', userId: person.id }),
      payload: { reason: 'Suspending myself' },
    });
    expect(byMember.statusCode).toBe(401);
    await service.app.inject({ method: 'DELETE', url: '/users/me', headers: await as({ kind: 'user', userId: person.id }) });
    expect((await suspend(person.id)).statusCode).toBe(404);
  });
});
