import {
  type DocumentSlot,
  driverPhotoFields,
  identityPhotoFields,
  type ReviewQueue,
  type ReviewSubmission,
  type SubmissionStatus,
  type VerificationKind,
  verificationErrors,
} from '@krom/contracts/http/verification';
import { HttpError } from '@krom/server-kit/errors';
import { and, asc, count, desc, eq, isNull, ne, type SQL, sql } from 'drizzle-orm';
import { uploads, users, verificationDocuments, verificationSubmissions } from '../db/schema.ts';
import type { VerificationDeps } from './verification-deps.ts';

/** The most submissions one page of the queue shows. */
export const reviewQueueLimit = 100;

const isUuid = (value: string) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value);
/** An id that cannot exist answers as an unknown one (404), never as a database error. */
export function submissionId(value: string): string {
  if (!isUuid(value)) throw new HttpError(404, verificationErrors.submissionNotFound);
  return value;
}
export { isUuid };

type SubmissionRow = typeof verificationSubmissions.$inferSelect;

const slotLabels: Record<DocumentSlot, string> = { ...identityPhotoFields, ...driverPhotoFields };

const documentCount = sql<number>`(SELECT count(*)::int FROM verification_documents d WHERE d.submission_id = ${verificationSubmissions.id})`;
// The user's submissions of this kind rejected before this one.
const previousRejections = sql<number>`(SELECT count(*)::int FROM verification_submissions r
  WHERE r.user_id = ${verificationSubmissions.userId} AND r.kind = ${verificationSubmissions.kind}
    AND r.status = 'rejected' AND r.submitted_at < ${verificationSubmissions.submittedAt})`;

const queueColumns = {
  submission: verificationSubmissions,
  firstName: users.firstName,
  lastName: users.lastName,
  documentCount,
  previousRejections,
};

function queueItem(row: { submission: SubmissionRow; firstName: string; lastName: string; documentCount: number; previousRejections: number }) {
  const { submission } = row;
  return {
    id: submission.id,
    kind: submission.kind as VerificationKind,
    status: submission.status as SubmissionStatus,
    userId: submission.userId,
    userName: `${row.firstName} ${row.lastName}`.trim(),
    fullName: submission.fullName,
    submittedAt: submission.submittedAt.toISOString(),
    documentCount: row.documentCount,
    previousRejections: row.previousRejections,
  };
}

function decisionOf(submission: SubmissionRow) {
  const decision = submission.status;
  if ((decision !== 'approved' && decision !== 'rejected') || !submission.decidedAt || !submission.decidedBy) return null;
  return { decision: decision as 'approved' | 'rejected', reason: submission.reason, decidedAt: submission.decidedAt.toISOString(), decidedBy: submission.decidedBy };
}

/**
 * Submissions of one status (of one kind, or both) for staff: pending ones first-come
 * first-served (oldest first), decided ones newest first. `pendingCount` is every pending
 * submission of the kind asked for, however many the page shows. Deleted accounts' are gone.
 */
export async function reviewQueue(deps: VerificationDeps, query: { status: SubmissionStatus; kind?: VerificationKind }): Promise<ReviewQueue> {
  const live = isNull(users.deletedAt);
  const ofKind = (status: SubmissionStatus): SQL | undefined =>
    and(eq(verificationSubmissions.status, status), query.kind ? eq(verificationSubmissions.kind, query.kind) : undefined, live);
  const rows = await deps.db
    .select(queueColumns)
    .from(verificationSubmissions)
    .innerJoin(users, eq(users.id, verificationSubmissions.userId))
    .where(ofKind(query.status))
    .orderBy(query.status === 'pending' ? asc(verificationSubmissions.submittedAt) : desc(verificationSubmissions.submittedAt))
    .limit(reviewQueueLimit);
  const [pending] = await deps.db
    .select({ n: count() })
    .from(verificationSubmissions)
    .innerJoin(users, eq(users.id, verificationSubmissions.userId))
    .where(ofKind('pending'));
  return { items: rows.map(queueItem), pendingCount: pending?.n ?? 0 };
}

/**
 * One submission as staff open it: its fields, its photos with links that work for a few
 * minutes from `now`, its decision, and the account's other submissions of this kind.
 */
export async function reviewSubmission(deps: VerificationDeps, id: string, now = new Date()): Promise<ReviewSubmission> {
  const [row] = await deps.db
    .select({ ...queueColumns, email: users.email, phone: users.phone, createdAt: users.createdAt })
    .from(verificationSubmissions)
    .innerJoin(users, eq(users.id, verificationSubmissions.userId))
    .where(and(eq(verificationSubmissions.id, submissionId(id)), isNull(users.deletedAt)));
  if (!row) throw new HttpError(404, verificationErrors.submissionNotFound);
  const { submission } = row;

  const documents = await deps.db
    .select({ id: verificationDocuments.id, slot: verificationDocuments.slot, contentType: uploads.contentType })
    .from(verificationDocuments)
    .innerJoin(uploads, eq(uploads.id, verificationDocuments.uploadId))
    .where(eq(verificationDocuments.submissionId, submission.id))
    .orderBy(asc(verificationDocuments.slot));
  const history = await deps.db
    .select()
    .from(verificationSubmissions)
    .where(
      and(
        eq(verificationSubmissions.userId, submission.userId),
        eq(verificationSubmissions.kind, submission.kind),
        ne(verificationSubmissions.id, submission.id),
      ),
    )
    .orderBy(desc(verificationSubmissions.submittedAt));

  return {
    ...queueItem(row),
    user: { firstName: row.firstName, lastName: row.lastName, email: row.email, phone: row.phone, createdAt: row.createdAt.toISOString() },
    fields: {
      fullName: submission.fullName,
      cardNumber: submission.cardNumber,
      expiryDate: submission.expiryDate,
      dateOfBirth: submission.dateOfBirth,
      licenseNumber: submission.licenseNumber,
      licenseClass: submission.licenseClass,
      licenseExpiryDate: submission.licenseExpiryDate,
    },
    documents: documents.map((document) => {
      const slot = document.slot as DocumentSlot;
      const link = deps.links.sign(document.id, now);
      return { id: document.id, slot, label: slotLabels[slot] ?? slot, contentType: document.contentType, url: link.url, expiresAt: link.expiresAt.toISOString() };
    }),
    photosDeletedAt: submission.photosDeletedAt?.toISOString() ?? null,
    decision: decisionOf(submission),
    history: history.map((earlier) => ({
      id: earlier.id,
      status: earlier.status as SubmissionStatus,
      submittedAt: earlier.submittedAt.toISOString(),
      decision: decisionOf(earlier),
    })),
  };
}
