import { type AdminUser, adminUserSchema, type CreateAdminRequest } from '@krom/contracts/http/admin';
import { apiRequest } from '@krom/ui-kit/api-request.ts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminUsersQueryKey } from './get-admin-users.ts';

/** POST /api/admin/users. Length rules are the server's; its message reaches the toast. */
export async function createAdminUser(request: CreateAdminRequest): Promise<AdminUser> {
  const response = await apiRequest('POST', '/api/admin/users', request);
  return adminUserSchema.parse(await response.json());
}

export function useCreateAdminUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createAdminUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminUsersQueryKey }),
  });
}
