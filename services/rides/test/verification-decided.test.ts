import { randomUUID } from 'node:crypto';
import type { EventDefinition, EventEnvelope } from '@krom/contracts/envelope';
import { type UserSnapshot, userSnapshotOf, userSnapshots, type VerificationDecided, verificationDecided } from '@krom/contracts/events/identity';
import { deliverToConsumer } from '@krom/server-kit/testing';
import { describe, expect, it } from 'vitest';
import { useRidesService } from './rides-test-env.ts';

const handle = useRidesService();

const snapshot = (userId: string, version: number, changes: Partial<UserSnapshot> = {}): EventEnvelope<UserSnapshot> => ({
  id: randomUUID(),
  type: userSnapshotOf(userId).subject,
  occurredAt: new Date().toISOString(),
  data: {
    userId,
    version,
    firstName: 'Kofi',
    lastName: 'Boateng',
    profileImageUrl: null,
    isVerified: true,
    verificationStatus: 'approved',
    isDriver: false,
    driverVerificationStatus: 'pending',
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

const decided = (userId: string, version: number, changes: Partial<VerificationDecided> = {}): EventEnvelope<VerificationDecided> => ({
  id: randomUUID(),
  type: verificationDecided.subject,
  occurredAt: new Date().toISOString(),
  data: {
    submissionId: randomUUID(),
    userId,
    kind: 'driver',
    decision: 'approved',
    reason: null,
    decidedBy: randomUUID(),
    decidedAt: new Date(Date.UTC(2026, 0, 1, 0, version)).toISOString(),
    isVerified: true,
    verificationStatus: 'approved',
    isDriver: true,
    driverVerificationStatus: 'approved',
    version,
    ...changes,
  },
});

/** Publishes under a fresh Nats-Msg-Id and waits until the rides consumer of that subject has acknowledged it. */
const deliver = (event: EventDefinition, envelope: EventEnvelope, subject = event.subject) => deliverToConsumer(handle.service.bus, 'rides', event, envelope, subject);
const deliverSnapshot = (envelope: EventEnvelope<UserSnapshot>) => deliver(userSnapshots, envelope, userSnapshotOf(envelope.data.userId).subject);
const deliverDecision = (envelope: EventEnvelope<VerificationDecided>) => deliver(verificationDecided, envelope);

const profileOf = async (userId: string) =>
  (
    await handle.service.db.$client.query(
      `SELECT version, first_name, is_verified, verification_status, is_driver, driver_verification_status FROM user_profiles WHERE user_id = $1`,
      [userId],
    )
  ).rows[0];

describe('user_profiles and krom.identity.verification.decided.v1', () => {
  it('takes the decided statuses and version at once', async () => {
    const userId = randomUUID();
    await deliverSnapshot(snapshot(userId, 3));
    await deliverDecision(decided(userId, 4));
    expect(await profileOf(userId)).toEqual({
      version: 4,
      first_name: 'Kofi',
      is_verified: true,
      verification_status: 'approved',
      is_driver: true,
      driver_verification_status: 'approved',
    });
  });

  it('ignores a decision older than the row, or of the version it already holds', async () => {
    const userId = randomUUID();
    await deliverSnapshot(snapshot(userId, 5, { isDriver: false, driverVerificationStatus: 'rejected' }));
    await deliverDecision(decided(userId, 4));
    await deliverDecision(decided(userId, 5));
    expect(await profileOf(userId)).toMatchObject({ version: 5, is_driver: false, driver_verification_status: 'rejected' });
  });

  it('creates no row for a user it has no snapshot of', async () => {
    const userId = randomUUID();
    await deliverDecision(decided(userId, 2));
    expect(await profileOf(userId)).toBeUndefined();
  });

  it('ends complete when the snapshot of the same version arrives after the decision', async () => {
    const userId = randomUUID();
    await deliverSnapshot(snapshot(userId, 1));
    // Identity publishes both in one transaction; the decision can be handled first.
    await deliverDecision(decided(userId, 2, { kind: 'identity', isDriver: false, driverVerificationStatus: 'pending' }));
    await deliverSnapshot(snapshot(userId, 2, { firstName: 'Kofi Mensah', isDriver: false, driverVerificationStatus: 'pending' }));
    expect(await profileOf(userId)).toEqual({
      version: 2,
      first_name: 'Kofi Mensah',
      is_verified: true,
      verification_status: 'approved',
      is_driver: false,
      driver_verification_status: 'pending',
    });

    // And in the other order the decision changes nothing the snapshot already set.
    const other = randomUUID();
    await deliverSnapshot(snapshot(other, 1));
    await deliverSnapshot(snapshot(other, 2, { firstName: 'Yaa', isDriver: true, driverVerificationStatus: 'approved' }));
    await deliverDecision(decided(other, 2));
    expect(await profileOf(other)).toMatchObject({ version: 2, first_name: 'Yaa', is_driver: true });
  });
});
