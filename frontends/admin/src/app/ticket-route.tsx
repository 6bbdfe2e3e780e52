import { useAdminSession } from '../features/admin-auth/api/get-admin-session.ts';
import { TicketPage } from '../features/tickets/components/ticket-page.tsx';
import { useAdminName } from './use-admin-name.ts';

/** /admin/tickets/:id, knowing who the signed-in staff member is (their claim) and naming the others. */
export function TicketRoute() {
  const session = useAdminSession();
  return <TicketPage adminId={session.data?.admin.id} adminName={useAdminName()} />;
}
