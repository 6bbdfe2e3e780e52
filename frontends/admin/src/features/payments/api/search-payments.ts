import { searchStaffPayments as searchStaffPaymentsEndpoint } from '@krom/contracts/api-routes';
import type { StaffPaymentList, StaffPaymentSearchQuery } from '@krom/contracts/http/staff-payments';
import { callEndpoint } from '@krom/ui-kit/call-endpoint.ts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';

/** The Payments tab's filters as the address keeps them (each left out when empty). */
export type PaymentFilters = { status?: string; bookingId?: string; phone?: string; page?: string };

/** Payments matching every filter given, newest first, 50 a page. */
export async function searchPayments(filters: PaymentFilters, signal?: AbortSignal): Promise<StaffPaymentList> {
  // As typed into the address: the BFF judges a status it does not know, and answers in words.
  return callEndpoint(searchStaffPaymentsEndpoint, { query: filters as StaffPaymentSearchQuery, signal });
}

export function getSearchPaymentsQueryOptions(filters: PaymentFilters) {
  return queryOptions({
    queryKey: [searchStaffPaymentsEndpoint.path, filters] as const,
    queryFn: ({ signal }) => searchPayments(filters, signal),
    // Payments move with every prompt and callback: read again on return.
    staleTime: 0,
    retry: false,
  });
}

export function useSearchPayments(filters: PaymentFilters) {
  return useQuery({ ...getSearchPaymentsQueryOptions(filters), placeholderData: keepPreviousData });
}
