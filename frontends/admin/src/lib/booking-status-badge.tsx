import type { BookingStatus } from '@krom/contracts/http/bookings';
import { StatusBadge, type StatusTone } from '@krom/ui-kit/status-badge.tsx';

/** A booking's status in a word or two, and the colour that helps the eye: live ones to watch, ends muted or red. */
export const bookingStatusLabels: Record<BookingStatus, { label: string; tone: StatusTone }> = {
  requested: { label: 'Requested', tone: 'warning' },
  accepted: { label: 'Accepted', tone: 'info' },
  awaiting_payment: { label: 'Awaiting payment', tone: 'warning' },
  confirmed: { label: 'Confirmed', tone: 'success' },
  boarded: { label: 'Boarded', tone: 'success' },
  completed: { label: 'Completed', tone: 'neutral' },
  declined: { label: 'Declined', tone: 'neutral' },
  expired: { label: 'Expired', tone: 'neutral' },
  cancelled: { label: 'Cancelled', tone: 'danger' },
  cancelled_by_passenger: { label: 'Cancelled by passenger', tone: 'danger' },
  cancelled_by_driver: { label: 'Cancelled by driver', tone: 'danger' },
  no_show: { label: 'No-show', tone: 'danger' },
  not_boarded: { label: 'Not boarded', tone: 'danger' },
};

/** A booking's status as a word on a tinted pill (colour never carries the meaning alone): the Bookings tab, a booking's page, a member's page. */
export function BookingStatusBadge({ status, size = 'sm' }: { status: BookingStatus; size?: 'sm' | 'md' }) {
  const { label, tone } = bookingStatusLabels[status];
  return (
    <StatusBadge tone={tone} size={size}>
      {label}
    </StatusBadge>
  );
}
