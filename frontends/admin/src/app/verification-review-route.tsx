import { useCallback, useMemo } from 'react';
import { useAdminUsers } from '../features/admin-users/api/get-admin-users.ts';
import { VerificationReviewPage } from '../features/verification-review/components/verification-review-page.tsx';

/** /admin/verifications/:id, with who decided named from the staff accounts (their id until those load). */
export function VerificationReviewRoute() {
  const admins = useAdminUsers({ enabled: true });
  const names = useMemo(() => new Map((admins.data ?? []).map((admin) => [admin.id, admin.username])), [admins.data]);
  const adminName = useCallback((adminId: string) => names.get(adminId) ?? adminId, [names]);
  return <VerificationReviewPage adminName={adminName} />;
}
