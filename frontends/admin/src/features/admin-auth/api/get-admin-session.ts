import { verifyAdminSession } from '@krom/contracts/api-routes';
import type { AdminSessionResponse } from '@krom/contracts/http/admin';
import { callEndpoint } from '@krom/ui-kit/call-endpoint.ts';
import { useQuery } from '@tanstack/react-query';

export const adminSessionQueryKey = [verifyAdminSession.path] as const;

/** The signed-in admin, or a 401 error when no admin is signed in. */
export async function getAdminSession(): Promise<AdminSessionResponse> {
  return callEndpoint(verifyAdminSession);
}

/** Checked every time the admin page opens (spec: verifies the session on load). */
export function useAdminSession() {
  return useQuery({ queryKey: adminSessionQueryKey, queryFn: getAdminSession, refetchOnMount: 'always' });
}
