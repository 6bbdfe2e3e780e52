import type { DriverRide, RideDetails } from '@krom/contracts/http/rides';
import { aUser } from '@krom/ui-kit/testing/signed-in-api.ts';
import { vi } from 'vitest';

let sequence = 0;

/** One of the signed-in driver's rides as GET /api/rides/mine answers it. */
export function aDriverRide(overrides: Partial<DriverRide> = {}): DriverRide {
  sequence += 1;
  return {
    id: `00000000-0000-4000-8000-${String(sequence).padStart(12, '0')}`,
    driverId: aUser().id,
    driverName: 'Ama Mensah',
    driverRating: null,
    driverPhotoUrl: null,
    driverVerified: true,
    fromCity: 'Accra',
    toCity: 'Kumasi',
    fromLocation: 'Kaneshie Station, Accra',
    toLocation: 'Kejetia, Kumasi',
    fromLocalityArea: null,
    toLocalityArea: null,
    departureDate: '2030-11-28',
    departureTime: '07:30',
    duration: '4h 10min',
    availableSeats: 3,
    totalSeats: 4,
    pricePerSeat: '120.00',
    currency: 'GHS',
    description: null,
    status: 'active',
    vehicle: { year: 2019, make: 'Toyota', model: 'Corolla', color: 'Silver', licensePlate: 'GR-1234-20', seats: 4 },
    stops: [],
    bookedSeats: 0,
    editable: true,
    ...overrides,
  };
}

/** The same ride as GET /api/rides/{id} answers it. */
export function rideDetailsOf(ride: DriverRide, overrides: Partial<RideDetails> = {}): RideDetails {
  const { bookedSeats: _booked, editable: _editable, ...summary } = ride;
  return {
    ...summary,
    fromLatitude: 5.5713,
    fromLongitude: -0.2394,
    toLatitude: 6.6985,
    toLongitude: -1.6233,
    fromRegion: 'Greater Accra',
    toRegion: 'Ashanti',
    pickupStation: null,
    driverRidesCompleted: 0,
    createdAt: '2026-11-20T10:00:00.000Z',
    ...overrides,
  };
}

/**
 * mockApi answers by method and path; GET /api/rides/mine differs by its `when` query. This
 * reads the query of each request as it goes out (still at the network boundary) so the test's
 * handler for that path can answer upcoming and past apart, and records what was asked.
 */
export function routeRidesByWhen() {
  const asked: string[] = [];
  let current = 'upcoming';
  const mocked = globalThis.fetch;
  vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://krom.test');
    if (url.pathname === '/api/rides/mine') {
      current = url.searchParams.get('when') ?? '';
      asked.push(current);
    }
    return mocked(input, init);
  });
  return { asked, when: () => current };
}
