import { defineForwarded } from '../endpoint.ts';
import { cancelRideRequestRoute, createRideRequestRoute, listMyRideRequestsRoute } from '../services/rides/ride-requests.ts';

/** Ride requests as the marketplace calls them; signed-in users only, each on their own requests. */
export const createRideRequest = defineForwarded(createRideRequestRoute, {
  summary: 'Files a ride request: the signed-in passenger is told when a matching ride is posted (409 for a trip already requested, or too many open)',
});

export const getMyRideRequests = defineForwarded(listMyRideRequestsRoute, { summary: "The signed-in user's active ride requests, newest first" });

export const cancelRideRequest = defineForwarded(cancelRideRequestRoute, {
  summary: "Cancels one of the signed-in user's active ride requests (404 for anyone else's)",
});
