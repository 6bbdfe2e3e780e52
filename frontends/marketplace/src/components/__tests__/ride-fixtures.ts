import type { RideDetails, RideSummary } from '@krom/contracts/http/rides';

let sequence = 0;
const nextId = () => {
  sequence += 1;
  return `00000000-0000-4000-8000-${String(sequence).padStart(12, '0')}`;
};

/** A ride as GET /api/rides lists it: Accra to Kumasi via Nkawkaw, GH₵45 a seat, 3 of 4 seats left. */
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
    totalSeats: 4,
    pricePerSeat: '45.00',
    currency: 'GHS',
    description: 'Leaving on time. One small bag each, please.',
    status: 'active',
    vehicle: { year: 2019, make: 'Toyota', model: 'Corolla', color: 'Silver', licensePlate: 'GR-1234-20', seats: 4 },
    stops: [
      { stopOrder: 1, location: 'Nkawkaw Lorry Station', city: 'Nkawkaw', localityArea: null, region: 'Eastern', latitude: 6.5506, longitude: -0.7667, stopType: 'either' },
    ],
    ...overrides,
  };
}

/** The same ride as GET /api/rides/{id} answers it, with coordinates for the map. */
export function aRideWithDetails(overrides: Partial<RideDetails> = {}): RideDetails {
  return {
    ...aRide(),
    fromLatitude: 5.5656,
    fromLongitude: -0.2364,
    toLatitude: 6.6961,
    toLongitude: -1.6236,
    fromRegion: 'Greater Accra',
    toRegion: 'Ashanti',
    pickupStation: 'Kaneshie Station, main gate',
    driverRidesCompleted: 12,
    createdAt: '2026-11-20T09:00:00.000Z',
    ...overrides,
  };
}

export const rideList = (rides: RideSummary[], { total = rides.length, page = 1, pageSize = 20 } = {}) => ({ rides, total, page, pageSize });
