import { getTripShare } from '@krom/contracts/api-routes';
import type { TripShare } from '@krom/contracts/http/trip-shares';
import { ApiRequestError } from '@krom/ui-kit/api-request.ts';
import { callEndpoint } from '@krom/ui-kit/call-endpoint.ts';
import { queryOptions } from '@tanstack/react-query';

export const tripShareQueryKey = (bookingId: string) => ['trip-share', bookingId] as const;

/** The passenger's live link for the booking, or null when the trip is not shared (404). */
export async function fetchTripShare(bookingId: string, signal?: AbortSignal): Promise<TripShare | null> {
  try {
    return await callEndpoint(getTripShare, { params: { id: bookingId }, signal });
  } catch (error) {
    if (error instanceof ApiRequestError && error.status === 404) return null;
    throw error;
  }
}

export const getTripShareQueryOptions = (bookingId: string) =>
  queryOptions({ queryKey: tripShareQueryKey(bookingId), queryFn: ({ signal }) => fetchTripShare(bookingId, signal) });
