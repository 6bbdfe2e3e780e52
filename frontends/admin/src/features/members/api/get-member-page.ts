import { getMemberPage as getMemberPageEndpoint } from '@krom/contracts/api-routes';
import type { MemberPage } from '@krom/contracts/http/member-page';
import { callEndpoint } from '@krom/ui-kit/call-endpoint.ts';
import { queryOptions, useQuery } from '@tanstack/react-query';

/** One member on one page: their account and their rides and bookings, each section unavailable on its own when its service is. */
export async function getMemberPage(id: string, signal?: AbortSignal): Promise<MemberPage> {
  return callEndpoint(getMemberPageEndpoint, { params: { id }, signal });
}

export function getMemberPageQueryOptions(id: string) {
  return queryOptions({
    queryKey: [getMemberPageEndpoint.path, id] as const,
    queryFn: ({ signal }) => getMemberPage(id, signal),
    staleTime: 0,
    retry: false,
  });
}

export function useMemberPage(id: string) {
  return useQuery(getMemberPageQueryOptions(id));
}
