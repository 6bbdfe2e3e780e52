import type { Payment } from '@krom/contracts/http/payments';
import styled from 'styled-components';

/** Each status with its own word, drawing and colour (spec: completed, pending, failed, refunded). */
const statuses: Record<Payment['status'], { label: string; path: string; ink: string; soft: string }> = {
  completed: { label: 'Completed', path: 'M7 12.5l3.5 3.5L17 9', ink: '#0a7a4b', soft: '#e6f4ed' },
  pending: { label: 'Pending', path: 'M12 7.5V12l3 2', ink: '#b54708', soft: '#fef0c7' },
  failed: { label: 'Failed', path: 'M9 9l6 6M15 9l-6 6', ink: '#b42318', soft: '#fdecea' },
  refunded: { label: 'Refunded', path: 'M9 8L6 11l3 3M6.5 11H14a3.5 3.5 0 0 1 0 7h-2', ink: '#1b63d6', soft: '#e8f0fd' },
};

export function PaymentStatusBadge({ status }: { status: Payment['status'] }) {
  const look = statuses[status];
  return (
    <Badge $ink={look.ink} $soft={look.soft} data-status={status}>
      <svg width="14" height="14" viewBox="0 0 24 24" aria-hidden="true">
        <circle cx="12" cy="12" r="9.5" />
        <path d={look.path} />
      </svg>
      {look.label}
    </Badge>
  );
}

const Badge = styled.span<{ $ink: string; $soft: string }>`
  display: inline-flex;
  align-items: center;
  gap: 4px;
  padding: 2px 8px 2px 6px;
  border-radius: ${({ theme }) => theme.radius.pill};
  background: ${({ $soft }) => $soft};
  color: ${({ $ink }) => $ink};
  font-size: 0.75rem;
  font-weight: 700;
  white-space: nowrap;

  svg {
    fill: none;
    stroke: currentColor;
    stroke-width: 2.2;
    stroke-linecap: round;
    stroke-linejoin: round;
  }
`;
