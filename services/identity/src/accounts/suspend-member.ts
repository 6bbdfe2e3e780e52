import { userSuspended, userUnsuspended } from '@krom/contracts/events/identity';
import { staffActionEvents } from '@krom/contracts/events/staff-actions';
import { type MemberSuspension, suspensionErrors } from '@krom/contracts/http/suspensions';
import { staffRoles } from '@krom/contracts/http/staff-roles-values';
import { HttpError } from '@krom/server-kit/errors';
import { recordEvent } from '@krom/server-kit/outbox';
import { and, eq, isNotNull, isNull } from 'drizzle-orm';
import type { IdentityDb } from '../db/identity-db.ts';
import { users } from '../db/schema.ts';
import { recordUserSnapshot } from '../events/user-snapshot.ts';
import { isUuid } from '../verification/review-submissions.ts';
import { nextUserVersion } from './user-version.ts';

export type StaffActor = { adminId: string; roles: readonly string[] };

type Change = { kind: 'suspend'; reason: string } | { kind: 'lift' };

/**
 * Suspends a member or lifts their suspension, in one transaction: the account's state, its raised
 * version and snapshot (`suspended`, which rides applies to posting, booking and what is shown),
 * `user.suspended` or `user.unsuspended` (rides cancels what the member had to come), and the
 * audit log's record of who did it and why. The row changes only from the other state, so of two
 * staff acting at once one wins and the other gets 409; nothing is published twice.
 */
async function changeSuspension(db: IdentityDb, actor: StaffActor, memberId: string, change: Change, now: Date): Promise<MemberSuspension> {
  if (!isUuid(actor.adminId)) throw new HttpError(401, 'Admin sign-in required');
  if (!isUuid(memberId)) throw new HttpError(404, suspensionErrors.memberNotFound);
  return db.transaction(async (tx) => {
    const [member] = await tx
      .select({ id: users.id, suspendedReason: users.suspendedReason })
      .from(users)
      .where(and(eq(users.id, memberId), isNull(users.deletedAt)))
      .for('update');
    if (!member) throw new HttpError(404, suspensionErrors.memberNotFound);
    const suspending = change.kind === 'suspend';
    const [row] = await tx
      .update(users)
      .set(
        suspending
          ? { suspendedAt: now, suspendedReason: change.reason, suspendedBy: actor.adminId, updatedAt: now, version: nextUserVersion() }
          : { suspendedAt: null, suspendedReason: null, suspendedBy: null, updatedAt: now, version: nextUserVersion() },
      )
      .where(and(eq(users.id, memberId), suspending ? isNull(users.suspendedAt) : isNotNull(users.suspendedAt)))
      .returning();
    if (!row) throw new HttpError(409, suspending ? suspensionErrors.alreadySuspended : suspensionErrors.notSuspended);
    const reason = suspending ? change.reason : (member.suspendedReason ?? '');
    await recordUserSnapshot(tx, row);
    await recordEvent(tx, suspending ? userSuspended : userUnsuspended, {
      userId: memberId,
      reason,
      staffId: actor.adminId,
      occurredAt: now.toISOString(),
    });
    await recordEvent(tx, staffActionEvents.identity, {
      actorId: actor.adminId,
      actorRoles: staffRoles.filter((role) => actor.roles.includes(role)),
      action: suspending ? 'member.suspended' : 'member.suspension_lifted',
      targetType: 'member',
      targetId: memberId,
      reason: suspending ? change.reason : null,
      details: {},
      actedAt: now.toISOString(),
    });
    return {
      userId: memberId,
      suspendedAt: row.suspendedAt ? row.suspendedAt.toISOString() : null,
      reason: row.suspendedReason,
      suspendedBy: row.suspendedBy,
    };
  });
}

export const suspendMember = (db: IdentityDb, actor: StaffActor, memberId: string, reason: string, now = new Date()) =>
  changeSuspension(db, actor, memberId, { kind: 'suspend', reason }, now);

export const liftSuspension = (db: IdentityDb, actor: StaffActor, memberId: string, now = new Date()) =>
  changeSuspension(db, actor, memberId, { kind: 'lift' }, now);
