import {
  type AdminLoginRequest,
  type AdminSessionResponse,
  adminSessionResponseSchema,
} from '@krom/contracts/http/admin';
import { apiRequest } from '@krom/ui-kit/api-request.ts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminSessionQueryKey } from './get-admin-session.ts';

/** POST /api/admin/login. */
export async function loginAdmin(request: AdminLoginRequest): Promise<AdminSessionResponse> {
  const response = await apiRequest('POST', '/api/admin/login', request);
  return adminSessionResponseSchema.parse(await response.json());
}

export function useLoginAdmin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: loginAdmin,
    // The admin page opens on the session just returned instead of a remembered 401.
    onSuccess: (session) => queryClient.setQueryData(adminSessionQueryKey, session),
  });
}
