import { getPayoutsNeedingAttention as getPayoutsNeedingAttentionEndpoint } from '@krom/contracts/api-routes';
import type { StaffPayoutList } from '@krom/contracts/http/staff-payments';
import { callEndpoint } from '@krom/ui-kit/call-endpoint.ts';
import { queryOptions, useQuery } from '@tanstack/react-query';

/** Payouts staff must act on, longest waiting first. */
export async function getPayoutsNeedingAttention(signal?: AbortSignal): Promise<StaffPayoutList> {
  return callEndpoint(getPayoutsNeedingAttentionEndpoint, { signal });
}

export function getPayoutsNeedingAttentionQueryOptions() {
  return queryOptions({
    queryKey: [getPayoutsNeedingAttentionEndpoint.path] as const,
    queryFn: ({ signal }) => getPayoutsNeedingAttention(signal),
    staleTime: 0,
  });
}

export function usePayoutsNeedingAttention() {
  return useQuery(getPayoutsNeedingAttentionQueryOptions());
}
