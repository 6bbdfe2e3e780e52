import { type AdminUser, adminUserListSchema } from '@krom/contracts/http/admin';
import { getJson } from '@krom/ui-kit/api-request.ts';
import { useQuery } from '@tanstack/react-query';

export const adminUsersQueryKey = ['/api/admin/users'] as const;

/** GET /api/admin/users. */
export async function getAdminUsers(): Promise<AdminUser[]> {
  return adminUserListSchema.parse(await getJson(adminUsersQueryKey[0]));
}

export function useAdminUsers({ enabled }: { enabled: boolean }) {
  return useQuery({ queryKey: adminUsersQueryKey, queryFn: getAdminUsers, enabled });
}
