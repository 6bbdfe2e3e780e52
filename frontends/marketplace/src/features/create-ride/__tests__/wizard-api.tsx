import type { PlaceDetails } from '@krom/contracts/http/places';
import type { PostingRights, PriceGuide, RideDetails } from '@krom/contracts/http/rides';
import { mockApi } from '@krom/ui-kit/testing/mock-api.ts';
import { aUser, frameAnswers } from '@krom/ui-kit/testing/signed-in-api.ts';
import { useLocation } from 'react-router-dom';
import { aVehicle, driverRide, rideDetailsOf } from '../../../components/__tests__/ride-fixtures.ts';
import { type DateTimeDraft, type RouteDraft, type SeatsPriceDraft, toDraftPlace, writeDraft } from '../ride-draft.ts';

type Reply = { status: number; body?: unknown };
type Handler = Parameters<typeof mockApi>[0][string];

export const driver = aUser({
  isVerified: true,
  verificationStatus: 'approved',
  isDriver: true,
  driverVerificationStatus: 'approved',
});

/** Places as the BFF's gazetteer answers them. */
export const places = {
  circle: {
    name: 'Kwame Nkrumah Circle',
    formatted_address: 'Kwame Nkrumah Circle, Accra, Greater Accra',
    place_id: 'place-circle',
    latitude: 5.5697,
    longitude: -0.2166,
    district: 'Accra',
    region: 'Greater Accra',
    kind: 'landmark',
  },
  nkawkaw: {
    name: 'Nkawkaw',
    formatted_address: 'Nkawkaw, Eastern',
    place_id: 'place-nkawkaw',
    latitude: 6.5505,
    longitude: -0.766,
    district: 'Nkawkaw',
    region: 'Eastern',
    kind: 'town',
  },
  kejetia: {
    name: 'Kejetia',
    formatted_address: 'Kejetia, Kumasi, Ashanti',
    place_id: 'place-kejetia',
    latitude: 6.6959,
    longitude: -1.6236,
    district: 'Kumasi',
    region: 'Ashanti',
    kind: 'landmark',
  },
  konongo: {
    name: 'Konongo',
    formatted_address: 'Konongo, Ashanti',
    place_id: 'place-konongo',
    latitude: 6.6167,
    longitude: -1.2167,
    region: 'Ashanti',
    kind: 'town',
  },
} satisfies Record<string, PlaceDetails>;

export const canPost: PostingRights = {
  canPost: true,
  nextStep: null,
  identityStatus: 'approved',
  driverStatus: 'approved',
  vehicleCount: 2,
};

export const corolla = aVehicle({ id: '5a1c2d3e-4f50-4a6b-8c7d-000000000001' });

export const hiace = aVehicle({
  id: '5a1c2d3e-4f50-4a6b-8c7d-000000000002',
  model: 'Hiace',
  year: 2015,
  color: 'White',
  licensePlate: 'AS-4821-Z',
  seats: 8,
});

export const guide: PriceGuide = {
  distanceKm: 260,
  currency: 'GHS',
  fuelCostPerKm: '2.25',
  recommendedMin: '117.00',
  recommendedMax: '195.00',
  maxPricePerSeat: '585.00',
};

/** A ride as POST /api/rides answers it. */
export function aPostedRide(overrides: Partial<RideDetails> = {}): RideDetails {
  const ride = driverRide({
    id: '9e8d7c6b-5a49-4382-9170-000000000042',
    driverId: driver.id,
    fromLocation: 'Kwame Nkrumah Circle',
    toLocation: 'Kejetia',
    fromLocalityArea: 'Accra',
    toLocalityArea: 'Kumasi',
    departureDate: '2030-03-15',
    duration: '3h 20min',
    pricePerSeat: '150.00',
  });
  return rideDetailsOf(ride, {
    fromLatitude: 5.5697,
    fromLongitude: -0.2166,
    toLatitude: 6.6959,
    toLongitude: -1.6236,
    pickupStation: 'Circle VIP Station',
    driverRidesCompleted: 0,
    createdAt: '2026-11-20T08:00:00.000Z',
    ...overrides,
  });
}

/**
 * The API of the wizard: the signed-in frame, posting rights, the user's vehicles, the price
 * guide, the places search and details, the nearby station, the route estimate and the post.
 * `overrides` answer a route differently.
 */
export function wizardApi(overrides: Record<string, Handler> = {}) {
  const all = Object.values(places);
  return mockApi({
    ...frameAnswers(driver),
    'GET /api/rides/posting-rights': { status: 200, body: canPost },
    'GET /api/vehicles': { status: 200, body: [corolla, hiace] },
    'POST /api/rides/price-guide': { status: 200, body: guide },
    'GET /api/places/nearby-station': {
      status: 200,
      body: { station: { ...places.circle, name: 'Circle VIP Station', place_id: 'place-vip', kind: 'station', distanceKm: 0.4 }, attribution: 'OSM' },
    },
    'POST /api/places/route': { status: 200, body: { distanceKm: 262.4, durationMinutes: 200, estimated: true } },
    'POST /api/rides': { status: 201, body: aPostedRide() },
    // mockApi sees the path only, so every search finds all the test places; the test picks one by name.
    'GET /api/places/autocomplete': {
      status: 200,
      body: {
        suggestions: all.map((place) => ({ placeId: place.place_id, name: place.name, description: place.formatted_address, kind: place.kind })),
        attribution: 'OSM',
      },
    },
    ...Object.fromEntries(all.map((place) => [`GET /api/places/${place.place_id}`, { status: 200, body: place } satisfies Reply])),
    ...overrides,
  });
}

/** The draft as earlier steps would have left it, for a test that starts at a later step. */
export function seedDraft(pieces: { route?: Partial<RouteDraft>; dateTime?: DateTimeDraft; seatsPrice?: SeatsPriceDraft }) {
  if (pieces.route) {
    writeDraft(driver.id, 'route', {
      departure: toDraftPlace(places.circle),
      destination: toDraftPlace(places.kejetia),
      stops: [],
      description: '',
      ...pieces.route,
    });
  }
  if (pieces.dateTime) writeDraft(driver.id, 'dateTime', pieces.dateTime);
  if (pieces.seatsPrice) writeDraft(driver.id, 'seatsPrice', pieces.seatsPrice);
}

/** Screens of other remotes and features the wizard leads to, so a test can see it arrive there. */
export const elsewhere = ['/login', '/verify-identity', '/driver-verification', '/ride-preview/:id', '/rides/as-driver'].map((path) => ({
  path,
  Component: OtherScreen,
}));

function OtherScreen() {
  return <h1>{`Screen ${useLocation().pathname}`}</h1>;
}
