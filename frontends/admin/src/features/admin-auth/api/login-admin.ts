import { adminLogin } from '@krom/contracts/api-routes';
import type { AdminLoginRequest, AdminSessionResponse } from '@krom/contracts/http/admin';
import { callEndpoint } from '@krom/ui-kit/call-endpoint.ts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminSessionQueryKey } from './get-admin-session.ts';

/** Signs a staff member in. */
export async function loginAdmin(request: AdminLoginRequest): Promise<AdminSessionResponse> {
  return callEndpoint(adminLogin, { body: request });
}

export function useLoginAdmin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: loginAdmin,
    // The admin page opens on the session just returned instead of a remembered 401.
    onSuccess: (session) => queryClient.setQueryData(adminSessionQueryKey, session),
  });
}
