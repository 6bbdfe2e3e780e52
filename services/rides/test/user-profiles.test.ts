import { randomUUID } from 'node:crypto';
import type { EventEnvelope } from '@krom/contracts/envelope';
import { type UserSnapshot, userSnapshotOf, userSnapshotStream, userSnapshots } from '@krom/contracts/events/identity';
import { ensureLastPerSubjectStream, lastPerSubjectStreamName } from '@krom/server-kit/last-per-subject-stream';
import { createLogger } from '@krom/server-kit/logger';
import { dropDatabaseWhenIdle, eventually, serviceTestVariables } from '@krom/server-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readRidesConfig } from '../src/config.ts';
import { rebuildUserProfiles } from '../src/events/rebuild-user-profiles.ts';
import { openRidesService } from '../src/open-rides.ts';
import { type RidesService, ridesTestConfig, useRidesService } from './rides-test-env.ts';

const handle = useRidesService();
const logger = createLogger('rides-test', 'silent');

// Identity creates this stream at its start; here the test stands in for identity.
beforeAll(async () => {
  await ensureLastPerSubjectStream(handle.service.bus, userSnapshotStream);
});
afterAll(async () => {
  const bus = handle.service?.bus;
  if (bus) await bus.jsm.streams.delete(lastPerSubjectStreamName(bus, userSnapshotStream));
});

const snapshot = (userId: string, version: number, changes: Partial<UserSnapshot> = {}): EventEnvelope<UserSnapshot> => ({
  id: randomUUID(),
  type: userSnapshotOf(userId).subject,
  occurredAt: new Date().toISOString(),
  data: {
    userId,
    version,
    firstName: `Ama v${version}`,
    lastName: 'Mensah',
    profileImageUrl: null,
    isVerified: false,
    verificationStatus: 'not_submitted',
    isDriver: false,
    driverVerificationStatus: 'not_submitted',
    suspended: false,
    deleted: false,
    statedWoman: false,
    changedAt: new Date(Date.UTC(2026, 0, 1, 0, version)).toISOString(),
    phone: null,
    showPhone: true,
    showProfile: true,
    ...changes,
  },
});

/** Publishes under a fresh Nats-Msg-Id, so a repeated envelope is a second delivery, not a de-duplicated one. */
const deliver = (event: EventEnvelope<UserSnapshot>) => {
  const bus = handle.service.bus;
  return bus.js.publish(bus.subjectOf(userSnapshotOf(event.data.userId).subject), JSON.stringify(event), { msgID: randomUUID() });
};

/** Waits until the rides consumer has acknowledged everything up to stream sequence `seq`. */
const consumed = (seq: number) =>
  eventually(async () => {
    const bus = handle.service.bus;
    const info = await bus.jsm.consumers.info(bus.streamName, `rides_${userSnapshots.subject.replace(/[.*>]/g, '_')}`);
    return info.ack_floor.stream_seq >= seq && info.num_ack_pending === 0 ? info : undefined;
  });

/** Waits until the last-snapshot stream holds `event` as its user's last message. */
const keptAsLast = (event: EventEnvelope<UserSnapshot>) =>
  eventually(async () => {
    const bus = handle.service.bus;
    const subject = bus.subjectOf(userSnapshotOf(event.data.userId).subject);
    const message = await bus.jsm.streams.getMessage(lastPerSubjectStreamName(bus, userSnapshotStream), { last_by_subj: subject });
    return message?.json<EventEnvelope>().id === event.id ? message : undefined;
  });

const profilesIn = async (service: RidesService, userIds: string[]) =>
  (
    await service.db.$client.query(
      `SELECT user_id, version, first_name, last_name, profile_image_url, is_verified, verification_status, is_driver,
              driver_verification_status, suspended, deleted, changed_at
       FROM user_profiles WHERE user_id = ANY($1::uuid[]) ORDER BY user_id`,
      [userIds],
    )
  ).rows;

const rowOf = (event: EventEnvelope<UserSnapshot>) => ({
  user_id: event.data.userId,
  version: event.data.version,
  first_name: event.data.firstName,
  last_name: event.data.lastName,
  profile_image_url: event.data.profileImageUrl,
  is_verified: event.data.isVerified,
  verification_status: event.data.verificationStatus,
  is_driver: event.data.isDriver,
  driver_verification_status: event.data.driverVerificationStatus,
  suspended: event.data.suspended,
  deleted: event.data.deleted,
  changed_at: new Date(event.data.changedAt),
});
const byUserId = (a: { user_id: string }, b: { user_id: string }) => a.user_id.localeCompare(b.user_id);

describe('user_profiles, projected from krom.identity.user.snapshot.v1', () => {
  it('keeps the newest snapshot when snapshots arrive out of order and repeated', async () => {
    const userId = randomUUID();
    const v1 = snapshot(userId, 1);
    const v2 = snapshot(userId, 2, { isDriver: true, driverVerificationStatus: 'pending', profileImageUrl: '/api/uploads/abc' });
    // Ending on the older one: whatever wrote last would leave v1 behind.
    await deliver(v2);
    await deliver(v1);
    await deliver(v2);
    const { seq } = await deliver(v1);
    await consumed(seq);

    expect(await profilesIn(handle.service, [userId])).toEqual([rowOf(v2)]);
  });

  it('takes a newer snapshot over the one it holds, up to the deletion tombstone', async () => {
    const userId = randomUUID();
    await consumed((await deliver(snapshot(userId, 1))).seq);
    const v3 = snapshot(userId, 3, { isVerified: true, verificationStatus: 'approved' });
    const tombstone = snapshot(userId, 5, { firstName: 'Deleted', lastName: 'User', deleted: true });
    await deliver(v3);
    await deliver(tombstone);
    const { seq } = await deliver(snapshot(userId, 4));
    await consumed(seq);

    expect(await profilesIn(handle.service, [userId])).toEqual([rowOf(tombstone)]);
  });

  it('takes a snapshot of the version it already holds, so a row moved to that version by a partial event ends complete', async () => {
    const userId = randomUUID();
    await consumed((await deliver(snapshot(userId, 1))).seq);
    // What verification.decided leaves: the row at the new version with only its statuses changed.
    await handle.service.db.$client.query(`UPDATE user_profiles SET version = 2, is_driver = true WHERE user_id = $1`, [userId]);
    const v2 = snapshot(userId, 2, { firstName: 'Ama (renamed)', isDriver: true, driverVerificationStatus: 'approved' });
    const { seq } = await deliver(v2);
    await consumed(seq);

    expect(await profilesIn(handle.service, [userId])).toEqual([rowOf(v2)]);
  });

  it('is rebuilt from an empty table with every user’s newest snapshot, from the stream that keeps the last per user', async () => {
    const ama = randomUUID();
    const kofi = randomUUID();
    const esi = randomUUID();
    const newest = [snapshot(ama, 3, { firstName: 'Abena' }), snapshot(kofi, 1, { firstName: 'Kofi' }), snapshot(esi, 2, { deleted: true, firstName: 'Deleted', lastName: 'User' })];
    let seq = 0;
    for (const event of [snapshot(ama, 1), snapshot(esi, 1), snapshot(ama, 2), ...newest]) ({ seq } = await deliver(event));
    for (const event of newest) await keptAsLast(event);
    // The live consumer is done with them, so the table stays empty until the rebuild fills it.
    await consumed(seq);

    await handle.service.db.$client.query('TRUNCATE user_profiles');
    expect(await profilesIn(handle.service, [ama, kofi, esi])).toEqual([]);
    const { applied, skipped } = await rebuildUserProfiles(handle.service.db, handle.service.bus, logger);

    expect(skipped).toBe(0);
    expect(applied).toBeGreaterThanOrEqual(3);
    expect(await profilesIn(handle.service, [ama, kofi, esi])).toEqual(newest.map(rowOf).sort(byUserId));
  });

  it('is rebuilt when a rides instance starts with an empty table', async () => {
    const userId = randomUUID();
    const latest = snapshot(userId, 2, { firstName: 'Yaw' });
    await deliver(snapshot(userId, 1));
    const { seq } = await deliver(latest);
    await keptAsLast(latest);
    // The running instance has taken these from the shared durable consumer: a second instance on an
    // empty database (a replica's would not be empty; a new database is) can only learn them by rebuilding.
    await consumed(seq);

    const { env } = ridesTestConfig();
    const second = await openRidesService(readRidesConfig({ ...serviceTestVariables(env, env.databaseUrl), BUS_PREFIX: handle.config.BUS_PREFIX }));
    try {
      expect(await profilesIn(second, [userId])).toEqual([rowOf(latest)]);
    } finally {
      await second.app.close();
      await dropDatabaseWhenIdle(env.databaseUrl);
    }
  });
});
