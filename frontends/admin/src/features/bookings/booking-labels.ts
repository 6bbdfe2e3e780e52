import type { BookingPaymentMethod, BookingStatus } from '@krom/contracts/http/bookings';
import type { StaffBooking, StaffBookingHistoryEntry } from '@krom/contracts/http/staff-bookings';
import type { StatusTone } from '@krom/ui-kit/status-badge.tsx';
import { formatCalendarDate } from '../../lib/format-date-time.ts';

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

export const actorLabels: Record<StaffBookingHistoryEntry['actor'], string> = {
  passenger: 'Passenger',
  driver: 'Driver',
  staff: 'Staff',
  system: 'System',
};

/** "Circle VIP Bus Station → Kejetia Lorry Park". */
export const routeOf = (from: string, to: string) => `${from} → ${to}`;

/** The ride's departure as Ghana's clock shows it (the date and time the driver posted). */
export const departureOf = (booking: Pick<StaffBooking, 'departureDate' | 'departureTime'>) =>
  `${formatCalendarDate(booking.departureDate)}, ${booking.departureTime}`;

export const paymentLabels: Record<BookingPaymentMethod, string> = { cash: 'Cash', mobile_money: 'Mobile money' };
