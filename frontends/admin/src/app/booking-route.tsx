import { BookingPage } from '../features/bookings/components/booking-page.tsx';
import { useAdminName } from './use-admin-name.ts';

/** /admin/bookings/:id, with the staff in its history named from the staff accounts. */
export function BookingRoute() {
  return <BookingPage adminName={useAdminName()} />;
}
