import { searchMembers as searchMembersEndpoint } from '@krom/contracts/api-routes';
import type { MemberSearch } from '@krom/contracts/http/staff-members';
import { callEndpoint } from '@krom/ui-kit/call-endpoint.ts';
import { queryOptions, useQuery } from '@tanstack/react-query';

/** Members by a part of their name, their phone (any Ghana form) or e-mail, newest first, at most 20. */
export async function searchMembers(q: string, signal?: AbortSignal): Promise<MemberSearch> {
  return callEndpoint(searchMembersEndpoint, { query: { q }, signal });
}

export function getSearchMembersQueryOptions(q: string) {
  return queryOptions({
    queryKey: [searchMembersEndpoint.path, q] as const,
    queryFn: ({ signal }) => searchMembers(q, signal),
    // Accounts change (verification, deletion): a search is read again on return.
    staleTime: 0,
    retry: false,
  });
}

/** The search for `q`; none while the box is empty. */
export function useSearchMembers(q: string) {
  return useQuery({ ...getSearchMembersQueryOptions(q), enabled: q !== '' });
}
