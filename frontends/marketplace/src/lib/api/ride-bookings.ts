import {
  acceptBooking as acceptBookingEndpoint,
  boardPassenger as boardPassengerEndpoint,
  declineBooking as declineBookingEndpoint,
  getRideBookings as getRideBookingsEndpoint,
  reportNoShow as reportNoShowEndpoint,
} from '@krom/contracts/api-routes';
import type { RideBooking } from '@krom/contracts/http/bookings';
import { callEndpoint } from '@krom/ui-kit/call-endpoint.ts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { refreshDriverRides } from './refresh-driver-rides.ts';

/*
 * The bookings on one of the signed-in driver's rides (Manage Bookings, the driver dashboard's
 * counts) and what the driver does with them. One definition, so an answer on one screen
 * refreshes the other.
 */

/** The bookings on the driver's ride, requests first. */
export async function getRideBookings(rideId: string, signal?: AbortSignal): Promise<RideBooking[]> {
  return (await callEndpoint(getRideBookingsEndpoint, { params: { id: rideId }, signal })).bookings;
}

/** '/api/rides/:id/bookings' keeps '/api/rides' first: whatever refreshes the driver's rides refreshes these too. */
export const rideBookingsQueryOptions = (rideId: string) =>
  queryOptions({ queryKey: [getRideBookingsEndpoint.path, rideId] as const, queryFn: ({ signal }) => getRideBookings(rideId, signal) });

export function useRideBookings(rideId: string) {
  return useQuery(rideBookingsQueryOptions(rideId));
}

export const acceptBooking = (id: string) => callEndpoint(acceptBookingEndpoint, { params: { id } });
export const declineBooking = (id: string) => callEndpoint(declineBookingEndpoint, { params: { id } });
export const reportNoShow = (id: string) => callEndpoint(reportNoShowEndpoint, { params: { id } });
export const boardPassenger = ({ rideId, code }: { rideId: string; code: string }) =>
  callEndpoint(boardPassengerEndpoint, { params: { id: rideId }, body: { code } });

/**
 * A driver's answer to a booking, refused or not, changes the ride's bookings and seats: the
 * bookings, the driver's rides and the dashboards are read again (a refusal means the booking
 * moved meanwhile, and the list should say how).
 */
function useBookingAction<V>(action: (variables: V) => Promise<RideBooking>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: action, onSettled: () => void refreshDriverRides(queryClient) });
}

export const useAcceptBooking = () => useBookingAction(acceptBooking);
export const useDeclineBooking = () => useBookingAction(declineBooking);
export const useReportNoShow = () => useBookingAction(reportNoShow);
export const useBoardPassenger = () => useBookingAction(boardPassenger);
