import { getPostingRights as getPostingRightsEndpoint } from '@krom/contracts/api-routes';
import type { PostingRights } from '@krom/contracts/http/rides';
import { callEndpoint } from '@krom/ui-kit/call-endpoint.ts';
import { queryOptions, useQuery } from '@tanstack/react-query';

export const postingRightsQueryKey = [getPostingRightsEndpoint.path] as const;

/** Whether the signed-in user may post a ride, and otherwise the next missing step. */
export async function getPostingRights(): Promise<PostingRights> {
  return callEndpoint(getPostingRightsEndpoint);
}

export const getPostingRightsQueryOptions = () => queryOptions({ queryKey: postingRightsQueryKey, queryFn: getPostingRights });

/**
 * `recheck` asks the server again even when an answer is cached (the wizard's first step: a
 * verification may have been approved since), while the cached answer shows meanwhile.
 */
export function usePostingRights({ recheck }: { recheck: boolean }) {
  return useQuery({ ...getPostingRightsQueryOptions(), refetchOnMount: recheck ? 'always' : true });
}
