import type { RideBooking } from '@krom/contracts/http/bookings';
import type { DriverRide, RideDetails, RideSummary } from '@krom/contracts/http/rides';
import type { Vehicle } from '@krom/contracts/http/vehicles';
import { aUser } from '@krom/ui-kit/testing/signed-in-api.ts';

let sequence = 0;
const nextId = () => {
  sequence += 1;
  return `00000000-0000-4000-8000-${String(sequence).padStart(12, '0')}`;
};

/** A ride as GET /api/rides lists it: Accra to Kumasi via Nkawkaw, GH₵45 a seat, 3 of the five-seater's 4 passenger seats left. */
export function aRide(overrides: Partial<RideSummary> = {}): RideSummary {
  return {
    id: nextId(),
    driverId: '0f9b6a3e-2c4d-4e5f-8a9b-1c2d3e4f5a6c',
    driverName: 'Kofi Boateng',
    driverRating: null,
    driverPhotoUrl: null,
    driverVerified: true,
    fromCity: 'Accra',
    toCity: 'Kumasi',
    fromLocation: 'Kaneshie Station',
    toLocation: 'Kejetia Market',
    fromLocalityArea: 'Kaneshie',
    toLocalityArea: 'Adum',
    departureDate: '2026-11-28',
    departureTime: '07:30',
    duration: '4h 30min',
    availableSeats: 3,
    bookingMode: 'instant',
    totalSeats: 4,
    pricePerSeat: '45.00',
    currency: 'GHS',
    description: 'Leaving on time. One small bag each, please.',
    status: 'active',
    vehicle: { year: 2019, make: 'Toyota', model: 'Corolla', color: 'Silver', licensePlate: 'GR-1234-20', seats: 5 },
    stops: [
      { stopOrder: 1, location: 'Nkawkaw Lorry Station', city: 'Nkawkaw', localityArea: null, region: 'Eastern', latitude: 6.5506, longitude: -0.7667, stopType: 'either', meetingPoint: 'By the Total fuel station' },
    ],
    // The whole route: its seats and price, as a search without places answers it.
    leg: { boardAt: 0, alightAt: 2, seatsLeft: overrides.availableSeats ?? 3, pricePerSeat: overrides.pricePerSeat ?? '45.00' },
    ...overrides,
  };
}

/** What GET /api/rides/{id} adds to a listed ride: coordinates for the map, regions, the pickup station, the driver's record. */
const details = {
  fromLatitude: 5.5656,
  fromLongitude: -0.2364,
  toLatitude: 6.6961,
  toLongitude: -1.6236,
  fromRegion: 'Greater Accra',
  toRegion: 'Ashanti',
  pickupStation: 'Kaneshie Station, main gate',
  driverRidesCompleted: 12,
  createdAt: '2026-11-20T09:00:00.000Z',
  isOwnRide: false,
  legPrices: {},
} satisfies Omit<RideDetails, keyof RideSummary>;

/** The same ride as GET /api/rides/{id} answers a passenger or guest, with coordinates for the map. */
export function aRideWithDetails(overrides: Partial<RideDetails> = {}): RideDetails {
  return { ...aRide(overrides), ...details, ...overrides };
}

export const rideList = (rides: RideSummary[], { total = rides.length, page = 1, pageSize = 20 } = {}) => ({ rides, total, page, pageSize });

/**
 * One of the signed-in driver's (`aUser()`'s) rides as GET /api/rides/mine answers it: Accra to
 * Kumasi on Nov 28, 2030 at 7:30 AM, 3 of 4 seats free and none booked, GH₵120.00 a seat.
 */
export function driverRide(overrides: Partial<DriverRide> = {}): DriverRide {
  return {
    ...aRide({
      driverId: aUser().id,
      driverName: 'Ama Mensah',
      fromLocation: 'Kaneshie Station, Accra',
      toLocation: 'Kejetia, Kumasi',
      fromLocalityArea: null,
      toLocalityArea: null,
      departureDate: '2030-11-28',
      duration: '4h 10min',
      pricePerSeat: '120.00',
      description: null,
      stops: [],
    }),
    bookedSeats: 0,
    editable: true,
    ...overrides,
  };
}

/** A driver's ride as anyone else sees it listed (without what only its driver is told). */
export function summaryOf(ride: DriverRide): RideSummary {
  const { bookedSeats: _booked, editable: _editable, ...summary } = ride;
  return summary;
}

/** A driver's ride as GET /api/rides/{id} answers its driver. */
export function rideDetailsOf(ride: DriverRide, overrides: Partial<RideDetails> = {}): RideDetails {
  return { ...summaryOf(ride), ...details, isOwnRide: true, ...overrides };
}

let vehicleSequence = 0;

/** A vehicle as GET /api/vehicles answers it: a silver 2019 Toyota Corolla, 4 seats, no upcoming rides. */
export function aVehicle(overrides: Partial<Vehicle> = {}): Vehicle {
  vehicleSequence += 1;
  return {
    id: `5a1c2d3e-4f50-4a6b-8c7d-${String(vehicleSequence).padStart(12, '0')}`,
    make: 'Toyota',
    model: 'Corolla',
    year: 2019,
    color: 'Silver',
    licensePlate: 'GR-1234-20',
    seats: 4,
    isActive: true,
    upcomingRides: 0,
    createdAt: '2026-11-01T08:00:00.000Z',
    ...overrides,
  };
}

let bookingSequence = 0;

/** A booking on the driver's ride as GET /api/rides/{id}/bookings answers it: Kwame, 2 confirmed seats from Accra to Kumasi, GH₵240.00 in cash. */
export function aRideBooking(overrides: Partial<RideBooking> = {}): RideBooking {
  bookingSequence += 1;
  return {
    id: `b0000000-0000-4000-8000-${String(bookingSequence).padStart(12, '0')}`,
    status: 'confirmed',
    seats: 2,
    board: { index: 0, location: 'Kaneshie Station, Accra', city: 'Accra', meetingPoint: null },
    alight: { index: 1, location: 'Kejetia, Kumasi', city: 'Kumasi', meetingPoint: null },
    totalAmount: '240.00',
    currency: 'GHS',
    paymentMethod: 'cash',
    passengerFirstName: 'Kwame',
    passengerId: 'a0000000-0000-4000-8000-000000000001',
    specialRequests: null,
    expiresAt: null,
    createdAt: '2030-11-20T09:00:00.000Z',
    ...overrides,
  };
}
