import type { SubmissionStatus } from '@krom/contracts/http/verification';
import { Pill, type PillTone } from '../../../lib/pill.tsx';
import { statusLabels } from '../verification-labels.ts';

const statusTones: Record<SubmissionStatus, PillTone> = { approved: 'good', rejected: 'bad', pending: 'waiting', superseded: 'quiet' };

/** A submission's status as a word on a tinted pill (colour never carries the meaning alone). */
export function StatusBadge({ status }: { status: SubmissionStatus }) {
  return <Pill $tone={statusTones[status]}>{statusLabels[status]}</Pill>;
}

/** "Resubmitted": the user was rejected before for this kind, so staff can look for what changed. */
export function ResubmittedBadge({ times }: { times: number }) {
  return (
    <Pill $tone="info" title={`Rejected ${times} time${times === 1 ? '' : 's'} before`}>
      Resubmitted
    </Pill>
  );
}
