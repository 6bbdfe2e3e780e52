import { getPayments as getPaymentsEndpoint } from '@krom/contracts/api-routes';
import type { PaymentsResponse } from '@krom/contracts/http/payments';
import { callEndpoint } from '@krom/ui-kit/call-endpoint.ts';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';

export const paymentsQueryKey = [getPaymentsEndpoint.path] as const;

/** One page (20) of the signed-in user's transactions, newest first, and this month's totals. */
export async function getPayments(page = 1, signal?: AbortSignal): Promise<PaymentsResponse> {
  return callEndpoint(getPaymentsEndpoint, { query: page === 1 ? undefined : { page: String(page) }, signal });
}

export const paymentsQueryOptions = infiniteQueryOptions({
  queryKey: paymentsQueryKey,
  queryFn: ({ pageParam, signal }) => getPayments(pageParam, signal),
  initialPageParam: 1,
  getNextPageParam: (last: PaymentsResponse) => (last.hasMore ? last.page + 1 : undefined),
});

/** The history as pages: the first holds the totals and the Overview's 5 most recent. */
export function usePayments() {
  return useInfiniteQuery(paymentsQueryOptions);
}
