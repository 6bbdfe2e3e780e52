import type { SubmissionStatus } from '@krom/contracts/http/verification';
import { StatusBadge as Badge, type StatusTone } from '@krom/ui-kit/status-badge.tsx';
import { statusLabels } from '../verification-labels.ts';

const statusTones: Record<SubmissionStatus, StatusTone> = { approved: 'success', rejected: 'danger', pending: 'warning', superseded: 'neutral' };

/** A submission's status as a word on a tinted pill (colour never carries the meaning alone). */
export function StatusBadge({ status }: { status: SubmissionStatus }) {
  return (
    <Badge tone={statusTones[status]} size="md">
      {statusLabels[status]}
    </Badge>
  );
}

/** "Resubmitted": the user was rejected before for this kind, so staff can look for what changed. */
export function ResubmittedBadge({ times }: { times: number }) {
  return (
    <Badge tone="info" size="md" title={`Rejected ${times} time${times === 1 ? '' : 's'} before`}>
      Resubmitted
    </Badge>
  );
}
