import type { PlaceDetails } from '@krom/contracts/http/places';
import { type MyRideRequest, type RideRequestInput, rideRequestMessages } from '@krom/contracts/http/ride-requests';
import { mockApi } from '@krom/ui-kit/testing/mock-api.ts';
import { aUser, frameAnswers } from '@krom/ui-kit/testing/signed-in-api.ts';

type Handler = Parameters<typeof mockApi>[0][string];

/** Places as the BFF's gazetteer answers them: a station in Accra and a market in Kumasi. */
export const places = {
  kaneshie: {
    name: 'Kaneshie Station',
    formatted_address: 'Kaneshie Station, Accra, Greater Accra',
    place_id: 'place-kaneshie',
    latitude: 5.5667,
    longitude: -0.2333,
    district: 'Accra',
    region: 'Greater Accra',
    kind: 'station',
  },
  kejetia: {
    name: 'Kejetia Market',
    formatted_address: 'Kejetia Market, Kumasi, Ashanti',
    place_id: 'place-kejetia',
    latitude: 6.6961,
    longitude: -1.6236,
    district: 'Kumasi',
    region: 'Ashanti',
    kind: 'landmark',
  },
} satisfies Record<string, PlaceDetails>;

let sequence = 0;

/** An active ride request as GET /api/ride-requests/mine answers it: Accra to Kumasi, any date, one passenger, told by e-mail, no ride matched yet. */
export function aRideRequest(overrides: Partial<MyRideRequest> = {}): MyRideRequest {
  sequence += 1;
  return {
    id: `7e3f1a2b-9c4d-4e5f-8a6b-${String(sequence).padStart(12, '0')}`,
    fromLocation: 'Accra',
    toLocation: 'Kumasi',
    fromLocalityArea: 'Accra',
    toLocalityArea: 'Kumasi',
    fromRegion: null,
    toRegion: null,
    fromLatitude: 5.6037,
    fromLongitude: -0.187,
    toLatitude: 6.6885,
    toLongitude: -1.6244,
    preferredDepartureDate: null,
    flexibleDates: true,
    passengers: 1,
    maxPricePerSeat: null,
    notes: null,
    notifyByEmail: true,
    notifyBySMS: false,
    status: 'active',
    createdAt: '2026-11-20T10:00:00.000Z',
    expiresAt: '2026-12-20T10:00:00.000Z',
    lastNotifiedAt: null,
    matchedRides: [],
    ...overrides,
  };
}

/** The request a POST answers: what was sent, as the rides service stores it. */
function storedFrom(input: RideRequestInput): MyRideRequest {
  const number = (value: unknown) => (typeof value === 'number' ? value : null);
  const text = (value: unknown) => (typeof value === 'string' ? value : null);
  const price = text(input.maxPricePerSeat);
  return aRideRequest({
    fromLocation: String(input.fromLocation),
    toLocation: String(input.toLocation),
    fromLocalityArea: text(input.fromLocalityArea),
    toLocalityArea: text(input.toLocalityArea),
    fromRegion: text(input.fromRegion),
    toRegion: text(input.toRegion),
    fromLatitude: number(input.fromLatitude),
    fromLongitude: number(input.fromLongitude),
    toLatitude: number(input.toLatitude),
    toLongitude: number(input.toLongitude),
    preferredDepartureDate: text(input.preferredDepartureDate),
    passengers: Number(input.passengers ?? 1),
    maxPricePerSeat: price === null ? null : Number(price).toFixed(2),
    notes: text(input.notes),
    notifyByEmail: input.notifyByEmail ?? true,
    notifyBySMS: input.notifyBySMS ?? false,
  });
}

/**
 * A signed-in user's BFF as the ride request screens call it: the listing finds no ride, the
 * place search knows Kaneshie Station and Kejetia Market, and the user's requests are kept as
 * the rides service keeps them (newest first; cancelling an unknown one is 404). `overrides`
 * answer a route differently (a failure, a held answer).
 */
export function rideRequestsApi({ stored = [], overrides = {} }: { stored?: MyRideRequest[]; overrides?: Record<string, Handler> } = {}) {
  let requests = [...stored];
  const routes: Record<string, Handler> = {
    ...frameAnswers(aUser()),
    'GET /api/rides': { status: 200, body: { rides: [], total: 0, page: 1, pageSize: 20 } },
    // Whatever is typed, the gazetteer suggests both (tests pick by name).
    'GET /api/places/autocomplete': {
      status: 200,
      body: {
        suggestions: [
          { placeId: places.kaneshie.place_id, name: places.kaneshie.name, description: 'Station · Greater Accra', kind: 'station' },
          { placeId: places.kejetia.place_id, name: places.kejetia.name, description: 'Landmark · Ashanti', kind: 'landmark' },
        ],
        attribution: '© OpenStreetMap contributors',
      },
    },
    [`GET /api/places/${places.kaneshie.place_id}`]: { status: 200, body: places.kaneshie },
    [`GET /api/places/${places.kejetia.place_id}`]: { status: 200, body: places.kejetia },
    'POST /api/ride-requests': ({ body }) => {
      const created = storedFrom(body as RideRequestInput);
      requests = [created, ...requests];
      addRoutesFor(created);
      return { status: 201, body: created };
    },
    'GET /api/ride-requests/mine': () => ({ status: 200, body: { requests } }),
  };
  const addRoutesFor = (request: MyRideRequest) => {
    routes[`DELETE /api/ride-requests/${request.id}`] = () => {
      if (!requests.some((candidate) => candidate.id === request.id)) return { status: 404, body: { message: rideRequestMessages.notFound } };
      requests = requests.filter((candidate) => candidate.id !== request.id);
      return { status: 200, body: { ok: true } };
    };
  };
  for (const request of stored) addRoutesFor(request);
  Object.assign(routes, overrides);
  return mockApi(routes);
}

/** An answer the test releases when it has seen what happens meanwhile. */
export function heldAnswer(reply: { status: number; body?: unknown }) {
  let release: () => void = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  return { handler: () => released.then(() => reply), release };
}
