import type { PaymentStatus } from '@krom/contracts/events/payments';
import { StatusBadge } from '@krom/ui-kit/status-badge.tsx';
import { paymentStatusLabels } from '../payment-labels.ts';

/** A payment's status as a word on a tinted pill (colour never carries the meaning alone). */
export function PaymentStatusBadge({ status }: { status: PaymentStatus }) {
  const { label, tone } = paymentStatusLabels[status];
  return <StatusBadge tone={tone}>{label}</StatusBadge>;
}
