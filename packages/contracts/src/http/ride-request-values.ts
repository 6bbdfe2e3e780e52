import { maxRideSeats, rideMessages } from './ride-values.ts';

/*
 * Ride request values the screens need without a schema (statuses, limits, the rules' messages):
 * no zod here, so the passenger's rides screen lists the requests without downloading it.
 * ride-requests.ts builds the schemas from them and exports them too.
 */

/**
 * A ride request: a signed-in passenger who found no ride asks to be told when one appears. The
 * form's fields (spec "Ride request modal") with the places' data as the location picker gives it.
 */
export const rideRequestStatuses = ['active', 'cancelled', 'expired'] as const;
export type RideRequestStatus = (typeof rideRequestStatuses)[number];

/** How long a request without a preferred date stays active. */
export const rideRequestLifetimeDays = 30;
/** How many open requests one passenger may have at once. */
export const maxOpenRideRequests = 10;

export const rideRequestMessages = {
  missingLocations: 'Please select both departure and destination locations',
  missingLocationsTitle: 'Missing information',
  passengers: `Passengers must be between 1 and ${maxRideSeats}`,
  pastDate: 'The preferred date cannot be in the past',
  created: "Ride request created! We'll notify you when matching rides become available.",
  failed: 'Failed to create ride request',
  notFound: 'Ride request not found',
  samePlace: rideMessages.samePlace,
  farDate: 'The preferred date must be within the next 12 months',
  maxPrice: 'Max price per seat must be an amount in cedis, such as 45 or 45.50',
  notes: 'Notes must be 500 characters or fewer',
  notify: 'Choose yes or no for each way of being told',
  duplicate: 'You already have an open request for this trip',
  tooMany: `You have ${maxOpenRideRequests} open ride requests. Cancel one before making another.`,
} as const;

/** How many of a driver's upcoming rides the requested rides are matched against (the soonest). */
export const maxRequestedRidesRides = 20;

/** Requested rides (`/requested-rides`): a driver inviting a passenger whose request one of their rides fits. */
export const requestedRideMessages = {
  title: 'Requested Rides',
  empty: 'No ride requests fit your upcoming rides right now.',
  accept: 'Accept',
  decline: 'Decline',
  invited: 'Invitation sent. The passenger can now book your ride.',
  declined: 'Request hidden.',
  failed: 'Something went wrong. Please try again.',
  requestNotFound: rideRequestMessages.notFound,
  rideDoesNotFit: 'That ride does not fit this request',
  noSeatsLeft: 'That ride has no seats left for this request',
  newRating: 'New',
} as const;
