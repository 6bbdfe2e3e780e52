import type { BookingStatus } from '@krom/contracts/http/bookings';
import { StatusBadge } from '@krom/ui-kit/status-badge.tsx';
import { bookingStatusLabels } from '../booking-labels.ts';

/** A booking's status as a word on a tinted pill (colour never carries the meaning alone). */
export function BookingStatusBadge({ status, size = 'sm' }: { status: BookingStatus; size?: 'sm' | 'md' }) {
  const { label, tone } = bookingStatusLabels[status];
  return (
    <StatusBadge tone={tone} size={size}>
      {label}
    </StatusBadge>
  );
}
