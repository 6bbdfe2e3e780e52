import { formatCedis } from '../money.ts';

/*
 * Ride values the screens need without a schema (limits, seat choices, the rules' messages): no
 * zod here, so a public page (the search, a ride's preview) shows them without downloading it.
 * rides.ts builds the schemas from them and exports them too.
 */

export const currency = 'GHS';
/** The wizard's limit on stops (the data rule allows stopOrder up to 10). */
export const maxWizardStops = 5;
export const maxRideSeats = 8;
/**
 * How far a change may move a ride's departure from the one it was posted with, either way. The
 * passengers told of a ride planned around its day; a move beyond this is another trip, to be
 * cancelled and posted again (which tells them and matches the new day's requests afresh).
 */
export const maxDepartureMoveDays = 2;
export const defaultRidePageSize = 20;
export const maxRidePageSize = 50;
export const maxRidePage = 1000;
/** Seats a search or a request asks for (1 to 4 on the screens; the data allows up to 8). */
export const searchSeatOptions = [1, 2, 3, 4] as const;
export const stopTypes = ['pickup', 'dropoff', 'either'] as const;
export const rideStatuses = ['active', 'completed', 'cancelled'] as const;
export type RideStatus = (typeof rideStatuses)[number];

/**
 * The passenger seats a vehicle offers: all its seats but the driver's (the wizard's "max the
 * vehicle's seats minus 1"). The one rule of the server, the wizard, the edit form and a ride's
 * `totalSeats`.
 */
export const passengerSeatsOf = (vehicleSeats: number) => Math.max(1, Math.min(maxRideSeats, vehicleSeats - 1));
/** The one wording of the seats rule, for a vehicle (`max` its passenger seats) or none chosen (8). */
const seatsBetween = (max: number) => (max === 1 ? 'Available seats must be 1' : `Available seats must be between 1 and ${max}`);


export const rideMessages = {
  vehicle: 'Please select a vehicle',
  fromCity: 'Departure city must be at least 2 characters',
  toCity: 'Destination city must be at least 2 characters',
  fromLocation: 'Departure must be at least 2 characters',
  toLocation: 'Destination must be at least 2 characters',
  stopLocation: 'Stop location must be at least 2 characters',
  tooManyStops: `A ride can have at most ${maxWizardStops} stops`,
  date: 'Please choose a valid date',
  time: 'Please choose a valid time',
  pastDeparture: 'Departure must be in the future',
  seats: seatsBetween(maxRideSeats),
  seatsForVehicle: seatsBetween,
  /** The seats field's hint, with the same limit its message gives. */
  seatsHint: (max: number) => `Up to ${max}: one seat is yours.`,
  totalSeats: `Total seats must be between 1 and ${maxRideSeats}`,
  page: `Page must be a whole number from 1 to ${maxRidePage}`,
  pageSize: `Page size must be a whole number from 1 to ${maxRidePageSize}`,
  price: 'Please enter a price per seat',
  priceFormat: 'Price per seat must be an amount in cedis, such as 45 or 45.50',
  priceAboveCap: (cap: string) =>
    `Price per seat cannot be more than ${formatCedis(cap)} for this route. Krom prices share the cost of the trip; they are not for profit.`,
  priceAboveShortTripCap: (cap: string, place: string) =>
    `Price per seat cannot be more than ${formatCedis(cap)}: Krom cannot find ${place} on the map to work out the trip's distance. Choose it from the location suggestions.`,
  legKey: 'Leg prices are for parts of the route, from one of its places to a later one',
  legPriceFormat: 'A leg price must be an amount in cedis, such as 45 or 45.50',
  legPriceAboveCap: (from: string, to: string, cap: string) =>
    `The price from ${from} to ${to} cannot be more than ${formatCedis(cap)}, this route's cap. Krom prices share the cost of the trip; they are not for profit.`,
  placeElsewhere: (place: string) => `The map point given for ${place} is not in ${place}. Choose it again from the location suggestions.`,
  notFound: 'Ride not found',
  notYours: 'Ride not found',
  notEditable: 'This ride can no longer be changed',
  bookedScheduleFixed: 'Passengers have booked this ride: its date and time can no longer change. Cancel it and post a new ride instead.',
  seatsBelowBooked: (booked: number) => `Passengers have booked ${booked} ${booked === 1 ? 'seat' : 'seats'}: offer at least ${booked}.`,
  bookingModeWithRequests: 'Answer the booking requests waiting for you before changing how bookings are accepted.',
  cancelAfterBoarding: 'Passengers have boarded this ride: it can no longer be cancelled.',
  departureMovedTooFar: `A ride can move at most ${maxDepartureMoveDays} days from the departure it was posted with. Cancel it and post a new ride instead.`,
  /** A suspended (or deleted) account: staff have barred it from the marketplace. */
  accountBarred: 'Your account is suspended and cannot post rides. Please contact support.',
  needsIdentity: 'Verify your identity before posting a ride',
  needsDriver: 'Complete driver verification before posting a ride',
  needsVehicle: 'Add a vehicle before posting a ride',
  coordinates: 'Coordinates must be in Ghana',
  samePlace: 'Departure and destination must be in different towns',
} as const;

/**
 * What is wrong with the seats a driver offers in a vehicle taking `max` passengers, in the one
 * wording; undefined when they are a whole number from 1 to `max`.
 */
export const availableSeatsProblem = (seats: number, max: number): string | undefined =>
  Number.isInteger(seats) && seats >= 1 && seats <= max ? undefined : rideMessages.seatsForVehicle(max);
