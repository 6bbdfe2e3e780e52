import { useCallback, useMemo } from 'react';
import { useAdminUsers } from '../features/admin-users/api/get-admin-users.ts';

/** A staff member's name from their id, for pages that show who decided or acted (their id until the staff accounts load). */
export function useAdminName(): (adminId: string) => string {
  const admins = useAdminUsers({ enabled: true });
  const names = useMemo(() => new Map((admins.data ?? []).map((admin) => [admin.id, admin.username])), [admins.data]);
  return useCallback((adminId: string) => names.get(adminId) ?? adminId, [names]);
}
