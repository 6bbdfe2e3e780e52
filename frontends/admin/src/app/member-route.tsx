import { useAdminSession } from '../features/admin-auth/api/get-admin-session.ts';
import { MemberPage } from '../features/members/components/member-page.tsx';
import { staffMayUse } from '../lib/staff-access.ts';

/**
 * /admin/members/:id, open to every staff role; suspending and lifting, and opening a booking's
 * page, only for the roles allowed to (the money section is the BFF's to give or withhold).
 */
export function MemberRoute() {
  const roles = useAdminSession().data?.admin.roles;
  return <MemberPage maySuspend={staffMayUse(roles, 'suspendMember')} mayOpenBookings={staffMayUse(roles, 'bookings')} />;
}
