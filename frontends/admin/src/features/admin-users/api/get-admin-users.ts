import { getAdminUsers as getAdminUsersEndpoint } from '@krom/contracts/api-routes';
import type { AdminUser } from '@krom/contracts/http/admin';
import { callEndpoint } from '@krom/ui-kit/call-endpoint.ts';
import { useQuery } from '@tanstack/react-query';

export const adminUsersQueryKey = [getAdminUsersEndpoint.path] as const;

/** Every staff account. */
export async function getAdminUsers(): Promise<AdminUser[]> {
  return callEndpoint(getAdminUsersEndpoint);
}

export function useAdminUsers({ enabled }: { enabled: boolean }) {
  return useQuery({ queryKey: adminUsersQueryKey, queryFn: getAdminUsers, enabled });
}
