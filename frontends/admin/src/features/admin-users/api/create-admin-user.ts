import { createAdminUser as createAdminUserEndpoint } from '@krom/contracts/api-routes';
import type { AdminUser, CreateAdminRequest } from '@krom/contracts/http/admin';
import { callEndpoint } from '@krom/ui-kit/call-endpoint.ts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminUsersQueryKey } from './get-admin-users.ts';

/** Length rules are the server's; its message reaches the toast. */
export async function createAdminUser(request: CreateAdminRequest): Promise<AdminUser> {
  return callEndpoint(createAdminUserEndpoint, { body: request });
}

export function useCreateAdminUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createAdminUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminUsersQueryKey }),
  });
}
