import type { RideStatus } from '@krom/contracts/http/rides';
import styled from 'styled-components';

/** The spec's ride states: Active (green), Completed (grey), Cancelled. */
const looks: Record<RideStatus, { label: string; ink: string; soft: string }> = {
  active: { label: 'Active', ink: '#0a7a4b', soft: '#e6f4ed' },
  completed: { label: 'Completed', ink: '#55635b', soft: '#eef1ef' },
  cancelled: { label: 'Cancelled', ink: '#b42318', soft: '#fdecea' },
};

export function RideStatusBadge({ status }: { status: RideStatus }) {
  const look = looks[status];
  return (
    <Badge $ink={look.ink} $soft={look.soft} data-status={status}>
      {look.label}
    </Badge>
  );
}

const Badge = styled.span<{ $ink: string; $soft: string }>`
  display: inline-block;
  padding: 1px 8px;
  border-radius: ${({ theme }) => theme.radius.pill};
  background: ${({ $soft }) => $soft};
  color: ${({ $ink }) => $ink};
  font-size: 0.75rem;
  font-weight: 700;
  white-space: nowrap;
`;
