import type { RideStatus } from '@krom/contracts/http/rides';
import { StatusBadge, type StatusTone } from '@krom/ui-kit/status-badge.tsx';

/** The spec's ride states: Active (green), Completed (grey), Cancelled. */
const looks: Record<RideStatus, { label: string; tone: StatusTone }> = {
  active: { label: 'Active', tone: 'success' },
  completed: { label: 'Completed', tone: 'neutral' },
  cancelled: { label: 'Cancelled', tone: 'danger' },
};

export function RideStatusBadge({ status }: { status: RideStatus }) {
  const look = looks[status];
  return (
    <StatusBadge tone={look.tone} data-status={status}>
      {look.label}
    </StatusBadge>
  );
}
