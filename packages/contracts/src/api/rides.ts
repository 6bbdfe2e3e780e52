import { defineForwarded, withoutStatuses } from '../endpoint.ts';
import {
  cancelRideRoute,
  driverDashboardRoute,
  driverProfileRoute,
  getRideRoute,
  myRidesRoute,
  postingRightsRoute,
  postRideRoute,
  priceGuideRoute,
  searchRidesRoute,
  updateRideRoute,
} from '../services/rides/rides.ts';

/**
 * Rides as the marketplace screens call them, each forwarded to its rides-service route; listing,
 * details and driver profiles are open to guests (the service's 401 for a missing assertion never
 * reaches a browser there).
 */
export const searchRides = defineForwarded(searchRidesRoute, { responses: withoutStatuses(searchRidesRoute.responses, 401) });

export const getRide = defineForwarded(getRideRoute, { responses: withoutStatuses(getRideRoute.responses, 401) });

export const postRide = defineForwarded(postRideRoute, {
  summary: 'Posts a ride (approved identity and driver verification and a vehicle required); publishes ride.posted',
});

export const getMyRides = defineForwarded(myRidesRoute, { summary: "The signed-in driver's rides, upcoming or past" });

export const updateRide = defineForwarded(updateRideRoute, { summary: "Changes the signed-in driver's own future ride while nobody has booked it" });

export const cancelRide = defineForwarded(cancelRideRoute, { summary: "Cancels the signed-in driver's own future ride while nobody has booked it" });

export const getPostingRights = defineForwarded(postingRightsRoute, { summary: 'Whether the signed-in user may post a ride, and otherwise the next step' });

export const getPriceGuide = defineForwarded(priceGuideRoute, {
  summary: 'The recommended price per seat and its cap for a route through the given points',
});

export const getDriverDashboard = defineForwarded(driverDashboardRoute, { summary: "The signed-in driver's rides, bookings and rating" });

export const getDriverProfile = defineForwarded(driverProfileRoute, {
  summary: "A driver's public profile: name, verification, vehicles, rides and rating",
  responses: withoutStatuses(driverProfileRoute.responses, 401),
});
