import type { Payment } from '@krom/contracts/http/payments';
import { StatusBadge, type StatusTone } from '@krom/ui-kit/status-badge.tsx';

/** Each status with its own word, drawing and colour (spec: completed, pending, failed, refunded). */
const statuses: Record<Payment['status'], { label: string; path: string; tone: StatusTone }> = {
  completed: { label: 'Completed', path: 'M7 12.5l3.5 3.5L17 9', tone: 'success' },
  pending: { label: 'Pending', path: 'M12 7.5V12l3 2', tone: 'warning' },
  failed: { label: 'Failed', path: 'M9 9l6 6M15 9l-6 6', tone: 'danger' },
  refunded: { label: 'Refunded', path: 'M9 8L6 11l3 3M6.5 11H14a3.5 3.5 0 0 1 0 7h-2', tone: 'info' },
};

export function PaymentStatusBadge({ status }: { status: Payment['status'] }) {
  const look = statuses[status];
  const icon = (
    <svg width="14" height="14" viewBox="0 0 24 24">
      <circle cx="12" cy="12" r="9.5" />
      <path d={look.path} />
    </svg>
  );
  return (
    <StatusBadge tone={look.tone} icon={icon} data-status={status}>
      {look.label}
    </StatusBadge>
  );
}
