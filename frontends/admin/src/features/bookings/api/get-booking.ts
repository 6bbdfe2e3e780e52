import { getStaffBooking as getStaffBookingEndpoint } from '@krom/contracts/api-routes';
import type { StaffBookingDetail } from '@krom/contracts/http/staff-bookings';
import { callEndpoint } from '@krom/ui-kit/call-endpoint.ts';
import { queryOptions, useQuery } from '@tanstack/react-query';

/** One booking with its history, oldest transition first. */
export async function getBooking(id: string, signal?: AbortSignal): Promise<StaffBookingDetail> {
  return callEndpoint(getStaffBookingEndpoint, { params: { id }, signal });
}

export function getBookingQueryOptions(id: string) {
  return queryOptions({
    queryKey: [getStaffBookingEndpoint.path, id] as const,
    queryFn: ({ signal }) => getBooking(id, signal),
    staleTime: 0,
  });
}

export function useBooking(id: string) {
  return useQuery(getBookingQueryOptions(id));
}
