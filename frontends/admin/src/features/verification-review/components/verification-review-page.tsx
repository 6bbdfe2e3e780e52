import type { ReviewSubmission } from '@krom/contracts/http/verification';
import { failureText } from '@krom/ui-kit/api-request.ts';
import { Spinner } from '@krom/ui-kit/spinner.tsx';
import type { ReactNode } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import styled from 'styled-components';
import { formatCalendarDate, formatDate, formatDateTime } from '../../../lib/format-date-time.ts';
import { BackLink, Detail, Details, Muted, PageSection, PageTitle, StaffPageMain } from '../../../lib/staff-page.tsx';
import { useReviewSubmission } from '../api/get-review-submission.ts';
import { kindLabels, licenseClassLabel } from '../verification-labels.ts';
import { DecisionForm } from './decision-form.tsx';
import { ResubmittedBadge, StatusBadge } from './status-badge.tsx';
import { SubmissionPhotos } from './submission-photos.tsx';

/** The queue, as the admin dashboard opens it. */
export const reviewQueuePath = '/admin?tab=verifications';

/**
 * /admin/verifications/:id: one submission for a staff member to decide. `adminName` turns the
 * id of the staff member who decided into a name (the caller knows the staff accounts).
 */
export function VerificationReviewPage({ adminName }: { adminName: (adminId: string) => string }) {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const submission = useReviewSubmission(id);

  return (
    <StaffPageMain>
      <BackLink to={reviewQueuePath}>← Back to queue</BackLink>
      {submission.isPending ? (
        <Spinner />
      ) : submission.isError ? (
        <p role="alert">{failureText(submission.error, 'This submission could not be loaded. Reload the page to try again.')}</p>
      ) : (
        <Submission
          submission={submission.data}
          adminName={adminName}
          onLinkFailed={() => void submission.refetch()}
          decision={
            submission.data.status === 'pending' ? (
              <DecisionForm submissionId={submission.data.id} onDecided={() => navigate(reviewQueuePath)} />
            ) : null
          }
        />
      )}
    </StaffPageMain>
  );
}

function Submission({
  submission,
  adminName,
  onLinkFailed,
  decision,
}: {
  submission: ReviewSubmission;
  adminName: (adminId: string) => string;
  onLinkFailed: () => void;
  decision: ReactNode;
}) {
  const { fields, user } = submission;
  return (
    <>
      <PageTitle>
        <h1>{kindLabels[submission.kind]} verification</h1>
        <StatusBadge status={submission.status} />
        {submission.previousRejections > 0 ? <ResubmittedBadge times={submission.previousRejections} /> : null}
      </PageTitle>
      <Muted>Submitted {formatDateTime(submission.submittedAt)}</Muted>

      <PageSection aria-labelledby="fields-title">
        <h2 id="fields-title">Submitted details</h2>
        <Details>
          <Detail term="Ghana card number" value={fields.cardNumber} />
          <Detail term="Full name" value={fields.fullName} />
          {fields.expiryDate ? <Detail term="Card expiry" value={formatCalendarDate(fields.expiryDate)} /> : null}
          {fields.dateOfBirth ? <Detail term="Date of birth" value={formatCalendarDate(fields.dateOfBirth)} /> : null}
          {fields.licenseNumber ? <Detail term="Licence number" value={fields.licenseNumber} /> : null}
          {fields.licenseClass ? <Detail term="Licence class" value={licenseClassLabel(fields.licenseClass)} /> : null}
          {fields.licenseExpiryDate ? <Detail term="Licence expiry" value={formatCalendarDate(fields.licenseExpiryDate)} /> : null}
        </Details>
      </PageSection>

      <PageSection aria-labelledby="user-title">
        <h2 id="user-title">User</h2>
        <Details>
          <Detail term="Name" value={`${user.firstName} ${user.lastName}`} />
          <Detail term="Email" value={user.email ?? '—'} />
          <Detail term="Phone" value={user.phone ?? '—'} />
          <Detail term="Member since" value={formatDate(user.createdAt)} />
        </Details>
      </PageSection>

      <PageSection aria-labelledby="photos-title">
        <h2 id="photos-title">{submission.photosDeletedAt ? 'Photos' : `Photos (${submission.documents.length})`}</h2>
        <SubmissionPhotos documents={submission.documents} photosDeletedAt={submission.photosDeletedAt} onLinkFailed={onLinkFailed} />
      </PageSection>

      {submission.decision ? (
        <PageSection aria-labelledby="decided-title">
          <h2 id="decided-title">Decision</h2>
          <Details>
            <Detail term="Decision" value={submission.decision.decision === 'approved' ? 'Approved' : 'Rejected'} />
            {submission.decision.reason ? <Detail term="Reason" value={submission.decision.reason} /> : null}
            <Detail term="Decided" value={formatDateTime(submission.decision.decidedAt)} />
            <Detail term="Decided by" value={adminName(submission.decision.decidedBy)} />
          </Details>
        </PageSection>
      ) : null}

      {decision}

      {submission.history.length > 0 ? (
        <PageSection aria-labelledby="history-title">
          <h2 id="history-title">Earlier submissions</h2>
          <History>
            {submission.history.map((earlier) => (
              <li key={earlier.id}>
                <Link to={`/admin/verifications/${earlier.id}`}>{formatDateTime(earlier.submittedAt)}</Link>{' '}
                <StatusBadge status={earlier.status} />
                {earlier.decision?.reason ? <Muted>Reason: {earlier.decision.reason}</Muted> : null}
              </li>
            ))}
          </History>
        </PageSection>
      ) : null}
    </>
  );
}

const History = styled.ul`
  display: grid;
  gap: 10px;
  padding: 0;
  margin: 0;
  list-style: none;

  a { color: ${({ theme }) => theme.color.primary}; font-weight: 600; }
`;
