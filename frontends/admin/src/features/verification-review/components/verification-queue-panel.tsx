import { DataTable, EmptyCell, PanelHeader, PanelTitle, TableScroll } from '@krom/ui-kit/data-table.tsx';
import { Spinner } from '@krom/ui-kit/spinner.tsx';
import { Link } from 'react-router-dom';
import { Select } from '@krom/ui-kit/select.tsx';
import styled from 'styled-components';
import { formatDateTime } from '../../../lib/format-date-time.ts';
import { type ReviewQueueStatus, reviewQueueStatuses, useReviewQueue } from '../api/get-review-queue.ts';
import { kindLabels, statusLabels } from '../verification-labels.ts';
import { ResubmittedBadge } from './status-badge.tsx';

/** Where a queue row leads: the submission's own page. */
export const submissionPath = (id: string) => `/admin/verifications/${id}`;

/** The review queue: identity and driver submissions in one status, each opening its page. */
export function VerificationQueuePanel({
  status,
  onStatusChange,
}: {
  status: ReviewQueueStatus;
  onStatusChange: (status: ReviewQueueStatus) => void;
}) {
  const queue = useReviewQueue(status);
  const items = queue.data?.items ?? [];
  return (
    <>
      <PanelHeader>
        <PanelTitle>Verification Submissions</PanelTitle>
        <Select
          inline
          label="Status"
          options={reviewQueueStatuses.map((option) => ({ value: option, label: statusLabels[option] }))}
          value={status}
          onValueChange={(chosen) => onStatusChange(chosen as ReviewQueueStatus)}
        />
      </PanelHeader>
      {queue.isPending ? (
        <Spinner />
      ) : queue.isError ? (
        <p role="alert">The verification queue could not be loaded. Reload the page to try again.</p>
      ) : (
        <TableScroll tabIndex={0} aria-label="Verification submissions table">
          <DataTable>
            <thead>
              <tr>
                <th scope="col">Kind</th>
                <th scope="col">Name</th>
                <th scope="col">Submitted</th>
                <th scope="col">Photos</th>
              </tr>
            </thead>
            <tbody>
              {items.length === 0 ? (
                <tr>
                  <EmptyCell colSpan={4}>No {statusLabels[status].toLowerCase()} submissions</EmptyCell>
                </tr>
              ) : (
                items.map((item) => (
                  <tr key={item.id}>
                    <td data-label="Kind">{kindLabels[item.kind]}</td>
                    <td data-label="Name">
                      {/* One block: on a phone the cell is its label and this, side by side. */}
                      <div>
                        <NameCell>
                          <Link to={submissionPath(item.id)}>{item.fullName}</Link>
                          {item.previousRejections > 0 ? <ResubmittedBadge times={item.previousRejections} /> : null}
                        </NameCell>
                        {item.userName !== item.fullName ? <Account>Account: {item.userName}</Account> : null}
                      </div>
                    </td>
                    <td data-label="Submitted">{formatDateTime(item.submittedAt)}</td>
                    <td data-label="Photos">{item.documentCount}</td>
                  </tr>
                ))
              )}
            </tbody>
          </DataTable>
        </TableScroll>
      )}
    </>
  );
}


const NameCell = styled.span`
  display: inline-flex;
  align-items: center;
  gap: 8px;

  a {
    color: ${({ theme }) => theme.color.primary};
    font-weight: 600;
  }
`;

const Account = styled.span`
  display: block;
  font-size: 0.8125rem;
  color: ${({ theme }) => theme.color.muted};
`;
