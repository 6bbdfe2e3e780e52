import { defineForwarded } from '../endpoint.ts';
import { maxSavedSearches } from '../http/ride-request-values.ts';
import {
  acceptRequestedRideRoute,
  cancelRideRequestRoute,
  createRideRequestRoute,
  createSavedSearchRoute,
  deleteSavedSearchRoute,
  declineRequestedRideRoute,
  listMyRideRequestsRoute,
  listRequestedRidesRoute,
  listSavedSearchesRoute,
} from '../services/rides/ride-requests.ts';

/** Ride requests as the marketplace calls them; signed-in users only, each on their own requests. */
export const createRideRequest = defineForwarded(createRideRequestRoute, {
  summary: 'Files a ride request: the signed-in passenger is told when a matching ride is posted (409 for a trip already requested, or too many open)',
});

export const getMyRideRequests = defineForwarded(listMyRideRequestsRoute, { summary: "The signed-in user's active ride requests, newest first" });

export const cancelRideRequest = defineForwarded(cancelRideRequestRoute, {
  summary: "Cancels one of the signed-in user's active ride requests (404 for anyone else's)",
});

/** Requested rides for drivers (`/requested-rides`): signed-in users only, each on the requests their own rides fit. */
export const getRequestedRides = defineForwarded(listRequestedRidesRoute, {
  summary: "The open ride requests the signed-in driver's upcoming rides fit: passenger's first name and rating, seats, date, price limit and the rides",
});

export const acceptRequestedRide = defineForwarded(acceptRequestedRideRoute, {
  summary: "Invites the request's passenger to book one of the signed-in driver's rides it fits, by SMS and in the app (twice answers the same; 409 when the ride has no seats left for it)",
});

export const declineRequestedRide = defineForwarded(declineRequestedRideRoute, { summary: 'Hides the request from the signed-in driver only' });

/** Saved searches: a signed-in member's search of the listing kept as an alert, told of matching rides like a request; never shown to drivers. */
export const createSavedSearch = defineForwarded(createSavedSearchRoute, {
  summary: `Saves the search as an alert: the signed-in member is told in the app and by SMS when a matching ride is posted (400 past ${maxSavedSearches} active, 409 for one already saved)`,
});

export const getMySavedSearches = defineForwarded(listSavedSearchesRoute, { summary: "The signed-in member's active saved searches, newest first, with the rides they matched" });

export const deleteSavedSearch = defineForwarded(deleteSavedSearchRoute, { summary: "Deletes one of the signed-in member's saved searches (404 for anyone else's)" });
