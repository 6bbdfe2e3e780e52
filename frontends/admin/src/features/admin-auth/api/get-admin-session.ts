import { type AdminSessionResponse, adminSessionResponseSchema } from '@krom/contracts/http/admin';
import { getJson } from '@krom/ui-kit/api-request.ts';
import { useQuery } from '@tanstack/react-query';

export const adminSessionQueryKey = ['/api/admin/verify'] as const;

/** GET /api/admin/verify: the signed-in admin, or a 401 error when no admin is signed in. */
export async function getAdminSession(): Promise<AdminSessionResponse> {
  return adminSessionResponseSchema.parse(await getJson(adminSessionQueryKey[0]));
}

/** Checked every time the admin page opens (spec: verifies the session on load). */
export function useAdminSession() {
  return useQuery({ queryKey: adminSessionQueryKey, queryFn: getAdminSession, refetchOnMount: 'always' });
}
