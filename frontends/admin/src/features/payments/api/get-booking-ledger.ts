import { getStaffBookingLedger as getStaffBookingLedgerEndpoint } from '@krom/contracts/api-routes';
import type { StaffBookingLedger } from '@krom/contracts/http/staff-payments';
import { callEndpoint } from '@krom/ui-kit/call-endpoint.ts';
import { queryOptions, useQuery } from '@tanstack/react-query';

/** A booking's ledger: its entries with their lines, the net per account, and its payments. */
export async function getBookingLedger(bookingId: string, signal?: AbortSignal): Promise<StaffBookingLedger> {
  return callEndpoint(getStaffBookingLedgerEndpoint, { params: { id: bookingId }, signal });
}

export function getBookingLedgerQueryOptions(bookingId: string) {
  return queryOptions({
    queryKey: [getStaffBookingLedgerEndpoint.path, bookingId] as const,
    queryFn: ({ signal }) => getBookingLedger(bookingId, signal),
    staleTime: 0,
    retry: false,
  });
}

export function useBookingLedger(bookingId: string) {
  return useQuery(getBookingLedgerQueryOptions(bookingId));
}
