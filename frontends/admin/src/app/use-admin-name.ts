import { getStaffNames as getStaffNamesEndpoint } from '@krom/contracts/api-routes';
import type { StaffNames } from '@krom/contracts/http/admin';
import { callEndpoint } from '@krom/ui-kit/call-endpoint.ts';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';

/** Every staff account's id and username (any member of staff may read them). */
export const getStaffNames = (signal?: AbortSignal): Promise<StaffNames> => callEndpoint(getStaffNamesEndpoint, { signal });

/**
 * A staff member's name from their id, for pages that show who claimed, decided or acted: from the
 * staff names every role may read (their id until the names load).
 */
export function useAdminName(): (adminId: string) => string {
  const staff = useQuery({ queryKey: [getStaffNamesEndpoint.path], queryFn: ({ signal }) => getStaffNames(signal), staleTime: 5 * 60_000 });
  const names = useMemo(() => new Map((staff.data?.staff ?? []).map((member) => [member.id, member.username])), [staff.data]);
  return useCallback((adminId: string) => names.get(adminId) ?? adminId, [names]);
}
