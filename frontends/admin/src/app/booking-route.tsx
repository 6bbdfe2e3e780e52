import { useAdminSession } from '../features/admin-auth/api/get-admin-session.ts';
import { BookingPage } from '../features/bookings/components/booking-page.tsx';
import { staffMayUse } from '../lib/staff-access.ts';
import { useAdminName } from './use-admin-name.ts';

/** /admin/bookings/:id, with the staff in its history named from the staff accounts; cancelling only for the roles allowed to. */
export function BookingRoute() {
  const session = useAdminSession();
  return <BookingPage adminName={useAdminName()} mayCancel={staffMayUse(session.data?.admin.roles, 'cancelBooking')} />;
}
