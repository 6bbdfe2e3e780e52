import { getLatestReconciliation as getLatestReconciliationEndpoint } from '@krom/contracts/api-routes';
import type { LatestReconciliation } from '@krom/contracts/http/staff-payments';
import { callEndpoint } from '@krom/ui-kit/call-endpoint.ts';
import { queryOptions, useQuery } from '@tanstack/react-query';

/** The last reconciliation run, or null before the first. */
export async function getLatestReconciliation(signal?: AbortSignal): Promise<LatestReconciliation> {
  return callEndpoint(getLatestReconciliationEndpoint, { signal });
}

export function getLatestReconciliationQueryOptions() {
  return queryOptions({
    queryKey: [getLatestReconciliationEndpoint.path] as const,
    queryFn: ({ signal }) => getLatestReconciliation(signal),
    staleTime: 0,
  });
}

export function useLatestReconciliation() {
  return useQuery(getLatestReconciliationQueryOptions());
}
