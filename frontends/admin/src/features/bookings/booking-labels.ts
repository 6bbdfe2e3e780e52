import type { BookingPaymentMethod } from '@krom/contracts/http/bookings';
import type { StaffBooking, StaffBookingHistoryEntry } from '@krom/contracts/http/staff-bookings';
import { formatCalendarDate } from '../../lib/format-date-time.ts';

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
