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

/**
 * What a row of ride_requests is: a passenger's `request` (drivers see it on Requested Rides and
 * may invite them), or a member's `saved_search` (the spec's trip_search: a search kept as a
 * private alert, matched like a request but never shown to drivers).
 */
export const rideRequestKinds = ['request', 'saved_search'] as const;
export type RideRequestKind = (typeof rideRequestKinds)[number];

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

/** How many active saved searches one member may have at once. */
export const maxSavedSearches = 10;

/** Saved searches (the listing's "Save this search" and the member's list of them). */
export const savedSearchMessages = {
  save: 'Save this search',
  saving: 'Saving...',
  signIn: 'Sign in to save this search',
  saved: 'Search saved',
  savedText: "We'll tell you when a matching ride is posted.",
  failed: 'Failed to save this search',
  tooMany: `You have ${maxSavedSearches} saved searches. Delete one before saving another.`,
  duplicate: 'You already saved this search',
  notFound: 'Saved search not found',
  listTitle: 'Saved searches',
  listLead: 'Searches you saved. We tell you in Krom and by SMS when a matching ride is posted.',
  loadFailed: 'Your saved searches could not be loaded.',
  empty: 'No saved searches. Search for a ride and choose Save this search.',
  delete: 'Delete',
  deleted: 'Saved search deleted',
  deleteFailed: 'Failed to delete the saved search. Please try again.',
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
