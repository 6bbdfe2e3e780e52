import { setStaffRoles as setStaffRolesEndpoint } from '@krom/contracts/api-routes';
import type { AdminUser } from '@krom/contracts/http/admin';
import type { StaffRole } from '@krom/contracts/http/staff-roles-values';
import { callEndpoint } from '@krom/ui-kit/call-endpoint.ts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminUsersQueryKey } from './get-admin-users.ts';

/** Replaces a staff account's roles; the server refuses an administrator dropping their own administrator role (409). */
export async function setStaffRoles(id: string, roles: StaffRole[]): Promise<AdminUser> {
  return callEndpoint(setStaffRolesEndpoint, { params: { id }, body: { roles } });
}

export function useSetStaffRoles(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (roles: StaffRole[]) => setStaffRoles(id, roles),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminUsersQueryKey }),
  });
}
