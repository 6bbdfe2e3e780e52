import { useAdminSession } from '../features/admin-auth/api/get-admin-session.ts';
import { MemberPage } from '../features/members/components/member-page.tsx';
import { staffMayUse } from '../lib/staff-access.ts';

/** /admin/members/:id, open to every staff role; suspending and lifting only for the roles allowed to. */
export function MemberRoute() {
  const session = useAdminSession();
  return <MemberPage maySuspend={staffMayUse(session.data?.admin.roles, 'suspendMember')} />;
}
