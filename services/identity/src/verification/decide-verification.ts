import { staffActionEvents } from '@krom/contracts/events/staff-actions';
import { staffRoles } from '@krom/contracts/http/staff-roles-values';
import { userChanged, verificationDecided } from '@krom/contracts/events/identity';
import { type DecideVerificationRequest, type ReviewSubmission, type VerificationKind, verificationErrors } from '@krom/contracts/http/verification';
import { HttpError } from '@krom/server-kit/errors';
import { recordEvent } from '@krom/server-kit/outbox';
import type { EventEnvelope } from '@krom/contracts/envelope';
import { and, eq, isNull } from 'drizzle-orm';
import { asStatus } from '../accounts/user-view.ts';
import { nextUserVersion } from '../accounts/user-version.ts';
import { users, verificationSubmissions } from '../db/schema.ts';
import { recordUserSnapshot } from '../events/user-snapshot.ts';
import { isUuid, reviewSubmission, submissionId } from './review-submissions.ts';
import type { VerificationDeps } from './verification-deps.ts';

/** What a decision sets on the account, by kind and decision. */
function statusesAfter(kind: VerificationKind, decision: DecideVerificationRequest['decision'], decidedAt: Date) {
  if (kind === 'identity') {
    return decision === 'approved'
      ? { verificationStatus: 'approved', isVerified: true, verificationApprovedAt: decidedAt }
      : { verificationStatus: 'rejected', isVerified: false };
  }
  return decision === 'approved'
    ? { driverVerificationStatus: 'approved', isDriver: true, driverVerificationApprovedAt: decidedAt }
    : { driverVerificationStatus: 'rejected' };
}

/**
 * Records staff's decision on a pending submission, in one transaction: the submission's status,
 * when, by whom and why; the user's statuses; the raised version with its snapshot and
 * `user.changed` (the BFF drops its copy of the user); and `verification.decided` for
 * notifications and rides. The user's row is locked first (as a submission locks it), then the
 * submission changes only while still pending: of two staff deciding at once exactly one wins,
 * the other gets 409. Answers the submission as staff now see it, and the event recorded.
 */
export async function decideVerification(
  deps: VerificationDeps,
  actor: string | { adminId: string; roles: readonly string[] },
  id: string,
  request: DecideVerificationRequest,
  now = new Date(),
): Promise<{ submission: ReviewSubmission; event: EventEnvelope<typeof verificationDecided.schema._output> }> {
  const { adminId, roles } = typeof actor === 'string' ? { adminId: actor, roles: [] } : actor;
  // The staff id goes into a uuid column: anything else is not a staff member the BFF asserted.
  if (!isUuid(adminId)) throw new HttpError(401, 'Admin sign-in required');
  const reason = request.reason ? request.reason : null;
  const event = await deps.db.transaction(async (tx) => {
    const [found] = await tx
      .select({ userId: verificationSubmissions.userId })
      .from(verificationSubmissions)
      .where(eq(verificationSubmissions.id, submissionId(id)));
    if (!found) throw new HttpError(404, verificationErrors.submissionNotFound);
    // Same lock order as a submission (user, then submissions), so the two never deadlock.
    const [owner] = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.id, found.userId), isNull(users.deletedAt)))
      .for('update');
    if (!owner) throw new HttpError(404, verificationErrors.submissionNotFound);

    const [decided] = await tx
      .update(verificationSubmissions)
      .set({ status: request.decision, decidedAt: now, decidedBy: adminId, reason })
      .where(and(eq(verificationSubmissions.id, id), eq(verificationSubmissions.status, 'pending')))
      .returning();
    if (!decided) throw new HttpError(409, verificationErrors.alreadyDecided);
    const kind = decided.kind as VerificationKind;

    const [row] = await tx
      .update(users)
      .set({ ...statusesAfter(kind, request.decision, now), updatedAt: now, version: nextUserVersion() })
      .where(eq(users.id, decided.userId))
      .returning();
    if (!row) throw new Error('user update returned no row');
    await recordUserSnapshot(tx, row);
    await recordEvent(tx, userChanged, { userId: row.id, changedAt: row.updatedAt.toISOString(), version: row.version });
    // The audit log's copy of the decision (admin keeps it): who, what, why and to whom.
    await recordEvent(tx, staffActionEvents.identity, {
      actorId: adminId,
      actorRoles: staffRoles.filter((role) => roles.includes(role)),
      action: `verification.${request.decision}`,
      targetType: 'verification',
      targetId: decided.id,
      reason,
      details: { kind, userId: row.id },
      actedAt: now.toISOString(),
    });
    return recordEvent(tx, verificationDecided, {
      submissionId: decided.id,
      userId: row.id,
      kind,
      decision: request.decision,
      reason,
      decidedBy: adminId,
      decidedAt: now.toISOString(),
      isVerified: row.isVerified,
      verificationStatus: asStatus(row.verificationStatus),
      isDriver: row.isDriver,
      driverVerificationStatus: asStatus(row.driverVerificationStatus),
      version: row.version,
    });
  });
  return { submission: await reviewSubmission(deps, id, now), event };
}
