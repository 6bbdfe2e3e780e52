import { accraToKumasiRide } from '@krom/contracts/examples/rides';
import * as routes from '@krom/contracts/api-routes';
import { autocompletePlaces, getPlaceDetails } from '@krom/contracts/api/places';
import { acceptBooking as acceptBookingEndpoint, boardPassenger as boardPassengerEndpoint, declineBooking as declineBookingEndpoint, getRideBookings as getRideBookingsEndpoint } from '@krom/contracts/api/bookings';
import { getPostingRights, getRide, postRide, searchRides } from '@krom/contracts/api/rides';
import type { Endpoint } from '@krom/contracts/endpoint';
import { successSchema } from '@krom/contracts/endpoint-call';
import { placeKinds } from '@krom/contracts/http/places';
import { bookingModes, bookingPaymentMethods } from '@krom/contracts/http/booking-values';
import { rideStatuses, stopTypes } from '@krom/contracts/http/rides';
import { cancelBooking as cancelBookingEndpoint, createBooking as createBookingEndpoint, getBooking as getBookingEndpoint, getMyBookings } from '@krom/contracts/api/bookings';
import { getBookingPayment as getBookingPaymentEndpoint } from '@krom/contracts/api/booking-payments';
import { bookingPaymentMessages, bookingPaymentStatuses } from '@krom/contracts/http/booking-payment-values';
import { mobileMoneyProviders } from '@krom/contracts/http/payments';
import { pactDir } from '@krom/server-kit/pact';
import { whenRecorded } from '@krom/server-kit/pact-mock-server';
import { callEndpoint } from '@krom/ui-kit/call-endpoint.ts';
import { withFetchAgainst } from '@krom/ui-kit/testing/fetch-against.ts';
import { MatchersV3, PactV4 } from '@pact-foundation/pact';
import { describe, expect, it } from 'vitest';
import { createVehicle } from '../src/features/vehicles/api/create-vehicle.ts';
import { deleteVehicle } from '../src/features/vehicles/api/delete-vehicle.ts';
import { getVehicles } from '../src/lib/api/vehicles.ts';
import { cancelRideRequest } from '../src/features/ride-request/api/cancel-ride-request.ts';
import { createRideRequest } from '../src/features/ride-request/api/create-ride-request.ts';
import { getMyRideRequests } from '../src/features/ride-request/api/get-my-ride-requests.ts';
import { deleteSavedSearch, getMySavedSearches, saveSearch } from '../src/features/saved-searches/api/saved-searches.ts';
import { savedSearchPayload } from '../src/features/saved-searches/components/save-search-button.tsx';
import { acceptRequestedRide } from '../src/features/requested-rides/api/accept-requested-ride.ts';
import { declineRequestedRide } from '../src/features/requested-rides/api/decline-requested-ride.ts';
import { getRequestedRides } from '../src/features/requested-rides/api/get-requested-rides.ts';
import { acceptBooking, boardPassenger, declineBooking, getRideBookings } from '../src/lib/api/ride-bookings.ts';
import { checkRideRequest, emptyRideRequestForm, requestPlaceOf } from '../src/features/ride-request/ride-request-form.ts';
import { createBooking } from '../src/features/book-seat/api/create-booking.ts';
import { getSavedWallets } from '../src/features/book-seat/api/saved-wallets.ts';
import { getBookingPayment, getHeldBooking, submitVoucherCode } from '../src/features/book-seat/api/booking-payment.ts';
import { cancelBooking } from '../src/features/passenger-rides/api/cancel-booking.ts';
import { myBookingsQueryOptions } from '../src/lib/api/my-bookings.ts';
import { getDriverEarnings } from '../src/features/driver-dashboard/api/get-driver-earnings.ts';
import { getDriverEarnings as getDriverEarningsEndpoint } from '@krom/contracts/api/payment-history';
import { getPaymentMethods as getPaymentMethodsEndpoint } from '@krom/contracts/api/payments';
import { createSavedSearch as createSavedSearchEndpoint } from '@krom/contracts/api/ride-requests';
import { getMemberReviews as getMemberReviewsEndpoint, getReviewsToWrite as getReviewsToWriteEndpoint } from '@krom/contracts/api/reviews';
import { getMemberReviews, getReviewsToWrite } from '../src/features/reviews/api/reviews.ts';
import {
  getConversation as getConversationEndpoint,
  getMyConversations as getMyConversationsEndpoint,
  getUnreadMessagesCount as getUnreadMessagesCountEndpoint,
  messageDriver as messageDriverEndpoint,
  replyInConversation as replyInConversationEndpoint,
} from '@krom/contracts/api/messages';
import type { Conversation, ConversationSummary } from '@krom/contracts/http/messages';
import { messageMessages } from '@krom/contracts/http/messages';
import { memberSafetyMessages } from '@krom/contracts/http/member-safety';
import { getUnreadMessageCount } from '@krom/ui-kit/signed-in-frame-messages.ts';
import { getConversationQueryOptions } from '../src/features/messages/api/get-conversation.ts';
import { getConversationsQueryOptions } from '../src/features/messages/api/get-conversations.ts';
import { reportMessage } from '../src/features/messages/api/report-message.ts';

/**
 * The marketplace frontend (search, ride details, the posting wizard, vehicles, the place picker,
 * ride requests) as consumer of the BFF's /api, each call made as the screens make it: the vehicle
 * and ride request screens' own request functions (a ride request's body made by the form's own
 * check), and `callEndpoint` with the endpoint from packages/contracts for the rest. "signed-in" means the browser carries that person's session
 * cookie; the BFF's provider test builds every state through the real system (sign-up, staff
 * approving both verifications, the vehicle and the ride posted through /api). Ids and dates only
 * the provider knows (a ride departs in the future) come from the state; the values here are examples.
 */
/**
 * The screens read answers unparsed (callEndpoint); each answer recorded here is also held to its
 * endpoint's success schema, as the BFF serialises it, so the examples stay within the contract.
 */
const fitsContract = <T,>(endpoint: Endpoint, answer: T): T => {
  successSchema(endpoint).parse(answer);
  return answer;
};
const { like, boolean, integer, number, uuid, datetime, regex, eachLike, fromProviderState } = MatchersV3;
const pact = new PactV4({ consumer: 'krom-marketplace-frontend', provider: 'krom-bff', dir: pactDir, logLevel: 'warn' });
const json = { 'Content-Type': regex(/^application\/json/, 'application/json') };
const isoDate = datetime("yyyy-MM-dd'T'HH:mm:ss.SSSXXX", '2026-11-20T09:30:00.000Z');
const oneOf = (values: readonly string[], example: string) => regex(`^(${values.join('|')})$`, example);
const day = (example: string) => regex(/^\d{4}-\d{2}-\d{2}$/, example);
const money = (example: string) => regex(/^\d+\.\d{2}$/, example);

const ids = {
  ride: '2b7c9d1e-4f3a-4b6c-8d9e-0f1a2b3c4d5e',
  vehicle: '7d4e2f1a-9b8c-4d3e-a2f1-0e9d8c7b6a54',
  driver: '3c9e7b51-2d4a-4f6e-8b7c-1a2b3c4d5e6f',
  place: 'osm-n261702404',
  rideRequest: '7e3f1a2b-9c4d-4e5f-8a6b-0c1d2e3f4a5b',
  savedSearch: '5a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d',
  booking: '5a6b7c8d-9e0f-4a1b-8c2d-3e4f5a6b7c8d',
  passenger: '6b7c8d9e-0f1a-4b2c-9d3e-4f5a6b7c8d9e',
  conversation: '8c9d0e1f-2a3b-4c4d-8e5f-6a7b8c9d0e1f',
  driverMessage: '9d0e1f2a-3b4c-4d5e-9f6a-7b8c9d0e1f2a',
} as const;
// A week from today in Ghana (GMT all year): the request form refuses a preferred date in the
// past, so a fixed example date would make this pact fail once that day had gone.
const examples = { departureDate: new Date(Date.now() + 7 * 24 * 3_600_000).toISOString().slice(0, 10) } as const;

const providerStates = {
  signedIn: 'a signed-in user',
  approvedDriver: 'a signed-in driver with approved identity and driver verification and no vehicle',
  driverWithVehicle: 'a signed-in driver with approved identity and driver verification and a vehicle',
  ridePosted: 'a ride from Accra to Kumasi with a stop at Nkawkaw was posted',
  placeKnown: 'the place search knows Kumasi',
  searchFoundNothing: 'a signed-in user whose search found no ride',
  rideRequested: 'a signed-in user with an active ride request from Accra to Kumasi',
  rideRequestMatched: 'a signed-in user with an active ride request from Accra to Kumasi that a posted ride matched',
  searchSaved: 'a signed-in user with a saved search from Accra to Kumasi that a posted ride matched',
  requestFitsRide: "a signed-in driver whose upcoming ride from Accra to Kumasi fits another member's open ride request",
  rideToBook: 'a signed-in passenger, and an instant ride from Accra to Kumasi with a stop at Nkawkaw posted by another driver',
  seatBooked: 'a signed-in passenger with a confirmed booking of 2 seats from Nkawkaw to Kumasi',
  bookingRequested: 'a signed-in driver whose approval ride from Accra to Kumasi has a request for 2 seats from Accra to Nkawkaw',
  bookingConfirmed: 'a signed-in driver whose instant ride from Accra to Kumasi has a confirmed booking of 2 seats from Accra to Nkawkaw',
  passengerBooked: 'a signed-in passenger with a confirmed booking of 2 seats from Accra to Nkawkaw',
  awaitingPayment: 'a signed-in passenger whose mobile money booking of 2 seats from Nkawkaw to Kumasi waits on the Telecel voucher',
  savedWallet: 'a signed-in passenger with a saved Telecel mobile money number, and an instant ride from Accra to Kumasi with a stop at Nkawkaw posted by another driver',
  conversationAnswered: 'a signed-in passenger whose message about a ride from Accra to Kumasi its driver answered',
} as const;

// Filled by the verifier from what the state made.
// biome-ignore lint/suspicious/noTemplateCurlyInString: a Pact expression the verifier fills from the provider state
const stateVehicleId = fromProviderState('${vehicleId}', ids.vehicle);
// biome-ignore lint/suspicious/noTemplateCurlyInString: a Pact expression the verifier fills from the provider state
const stateDepartureDate = fromProviderState('${departureDate}', examples.departureDate);
// biome-ignore lint/suspicious/noTemplateCurlyInString: a Pact expression the verifier fills from the provider state
const statePreferredDate = fromProviderState('${preferredDepartureDate}', examples.departureDate);
const statePath = (template: string, example: string) => fromProviderState(template, example);

/** The ride the wizard assembles on its review step: Accra to Kumasi through Nkawkaw, picked from suggestions. */
const rideDraft = accraToKumasiRide(ids.vehicle, examples.departureDate);

const vehicleOnRide = {
  year: integer(2018),
  make: like('Toyota'),
  model: like('Corolla'),
  color: like('Silver'),
  licensePlate: like('GR-4821-19'),
  seats: integer(5),
};

/** A ride as the listing shows it (a new driver: no rating, no photo). */
const rideSummary = {
  id: uuid(ids.ride),
  driverId: uuid(ids.driver),
  driverName: like('Kwame Asante'),
  driverRating: null,
  driverReviewCount: integer(0),
  driverPhotoUrl: null,
  driverVerified: boolean(true),
  fromCity: like('Accra'),
  toCity: like('Kumasi'),
  fromLocation: like('Kaneshie Station'),
  toLocation: like('Kejetia'),
  fromLocalityArea: like('Kaneshie'),
  toLocalityArea: like('Adum'),
  departureDate: day(examples.departureDate),
  departureTime: regex(/^([01]\d|2[0-3]):[0-5]\d$/, '08:30'),
  duration: like('4h 10min'),
  availableSeats: integer(3),
  bookingMode: oneOf(bookingModes, 'instant'),
  totalSeats: integer(5),
  pricePerSeat: money('80.00'),
  currency: 'GHS',
  description: like('Leaving from the station car park. One small bag each.'),
  status: 'active',
  vehicle: vehicleOnRide,
  stops: eachLike({
    stopOrder: integer(1),
    location: like('Nkawkaw Station'),
    city: like('Nkawkaw'),
    localityArea: like('Nkawkaw'),
    region: like('Eastern'),
    latitude: number(6.5509),
    longitude: number(-0.7663),
    stopType: oneOf(stopTypes, 'either'),
    meetingPoint: like('By the Total fuel station'),
  }),
  // The passenger's leg (the whole route here): the cards and the preview show its seats and price.
  leg: { boardAt: integer(0), alightAt: integer(2), seatsLeft: integer(3), pricePerSeat: money('80.00') },
};

/** The details screen's ride: the summary with the map's coordinates, regions and the pickup station. */
const rideDetails = {
  ...rideSummary,
  fromLatitude: number(5.5667),
  fromLongitude: number(-0.2333),
  toLatitude: number(6.6966),
  toLongitude: number(-1.6224),
  fromRegion: like('Greater Accra'),
  toRegion: like('Ashanti'),
  pickupStation: like('Kaneshie Station car park'),
  driverRidesCompleted: integer(0),
  createdAt: isoDate,
  // A guest's view of it: Edit and Cancel are only for its driver.
  isOwnRide: false,
  // The driver set no leg price: every leg costs its share of the ride's price.
  legPrices: {},
};

const vehicleInput = { make: 'Toyota', model: 'Corolla', year: 2018, color: 'Silver', licensePlate: 'GR 1234 20', seats: 4 } as const;
const vehicleBody = (id: string, changes: Record<string, unknown> = {}) => ({
  id: uuid(id),
  make: like('Toyota'),
  model: like('Corolla'),
  year: integer(2018),
  color: like('Silver'),
  licensePlate: like('GR-4821-19'),
  seats: integer(5),
  isActive: boolean(true),
  upcomingRides: integer(0),
  createdAt: isoDate,
  ...changes,
});

describe('marketplace frontend → BFF: finding a ride', () => {
  it('searches rides by route, date and seats, as the listing reads its query', async () => {
    await pact
      .addInteraction()
      .given(providerStates.ridePosted)
      .uponReceiving('a ride search from Accra to Kumasi on the ride’s date for 2 seats')
      .withRequest('GET', '/api/rides', (b) => b.query({ from: 'Accra', to: 'Kumasi', date: stateDepartureDate, seats: '2' }))
      .willRespondWith(200, (b) => b.jsonBody({ rides: eachLike(rideSummary), total: integer(1), page: integer(1), pageSize: integer(20) }))
      .executeTest(whenRecorded(async (mock) => {
        const found = fitsContract(searchRides, await withFetchAgainst(mock.url, () =>
          callEndpoint(routes.searchRides, { query: { from: 'Accra', to: 'Kumasi', date: examples.departureDate, seats: '2' } }),
        ));
        expect(found.rides[0]).toMatchObject({ fromCity: 'Accra', toCity: 'Kumasi', availableSeats: 3, driverRating: null });
        expect(found.rides[0]?.stops.map((stop) => stop.location)).toEqual(['Nkawkaw Station']);
      }));
  });

  it('opens a ride with its driver, vehicle, stops and map coordinates', async () => {
    await pact
      .addInteraction()
      .given(providerStates.ridePosted)
      .uponReceiving('a request for the posted ride’s details')
      // biome-ignore lint/suspicious/noTemplateCurlyInString: a Pact expression the verifier fills from the provider state
      .withRequest('GET', statePath('/api/rides/${rideId}', `/api/rides/${ids.ride}`))
      .willRespondWith(200, (b) => b.jsonBody(rideDetails))
      .executeTest(whenRecorded(async (mock) => {
        const ride = fitsContract(getRide, await withFetchAgainst(mock.url, () => callEndpoint(routes.getRide, { params: { id: ids.ride } })));
        expect(ride.id).toBe(ids.ride);
        expect(ride.vehicle.make).toBe('Toyota');
        expect([ride.fromLatitude, ride.toLongitude]).toEqual([5.5667, -1.6224]);
      }));
  });

  it('hears 404 for a ride that does not exist', async () => {
    await pact
      .addInteraction()
      .uponReceiving('a request for a ride that does not exist')
      .withRequest('GET', '/api/rides/9f8e7d6c-5b4a-4392-8170-6f5e4d3c2b1a')
      .willRespondWith(404, (b) => b.jsonBody({ message: like('Ride not found') }))
      .executeTest(whenRecorded(async (mock) => {
        await expect(withFetchAgainst(mock.url, () => callEndpoint(routes.getRide, { params: { id: '9f8e7d6c-5b4a-4392-8170-6f5e4d3c2b1a' } }))).rejects.toThrow(
          /^404: /,
        );
      }));
  });
});

describe('marketplace frontend → BFF: reviews', () => {
  it("reads a new driver's reviews as a guest: no average yet, none to show, no further page", async () => {
    await pact
      .addInteraction()
      .given(providerStates.ridePosted)
      .uponReceiving('a guest’s request for the reviews of the driver of the posted ride')
      // biome-ignore lint/suspicious/noTemplateCurlyInString: a Pact expression the verifier fills from the provider state
      .withRequest('GET', statePath('/api/members/${driverId}/reviews', `/api/members/${ids.driver}/reviews`))
      .willRespondWith(200, (b) =>
        b.jsonBody({ asDriver: { average: null, count: integer(0) }, asPassenger: { average: null, count: integer(0) }, reviews: [], nextCursor: null }),
      )
      .executeTest(whenRecorded(async (mock) => {
        const page = fitsContract(getMemberReviewsEndpoint, await withFetchAgainst(mock.url, () => getMemberReviews(ids.driver, null)));
        expect(page).toEqual({ asDriver: { average: null, count: 0 }, asPassenger: { average: null, count: 0 }, reviews: [], nextCursor: null });
      }));
  });

  it('asks which reviews a signed-in member still has to write: none before their first trip', async () => {
    await pact
      .addInteraction()
      .given(providerStates.signedIn)
      .uponReceiving('a signed-in member’s request for the reviews they may still write')
      .withRequest('GET', '/api/reviews/to-write')
      .willRespondWith(200, (b) => b.jsonBody({ reviews: [] }))
      .executeTest(whenRecorded(async (mock) => {
        const reviews = await withFetchAgainst(mock.url, () => getReviewsToWrite());
        expect(fitsContract(getReviewsToWriteEndpoint, { reviews }).reviews).toEqual([]);
      }));
  });
});

describe('marketplace frontend → BFF: posting a ride', () => {
  it('learns that a verified driver with a vehicle may post', async () => {
    await pact
      .addInteraction()
      .given(providerStates.driverWithVehicle)
      .uponReceiving('a posting-rights check by a verified driver with a vehicle')
      .withRequest('GET', '/api/rides/posting-rights')
      .willRespondWith(200, (b) =>
        b.jsonBody({ canPost: true, nextStep: null, identityStatus: 'approved', driverStatus: 'approved', vehicleCount: integer(1) }),
      )
      .executeTest(whenRecorded(async (mock) => {
        const rights = fitsContract(getPostingRights, await withFetchAgainst(mock.url, () => callEndpoint(routes.getPostingRights)));
        expect(rights).toEqual({ canPost: true, nextStep: null, identityStatus: 'approved', driverStatus: 'approved', vehicleCount: 1 });
      }));
  });

  it('learns the next step for a user who has verified nothing yet', async () => {
    await pact
      .addInteraction()
      .given(providerStates.signedIn)
      .uponReceiving('a posting-rights check by a user who has verified nothing')
      .withRequest('GET', '/api/rides/posting-rights')
      .willRespondWith(200, (b) =>
        b.jsonBody({ canPost: false, nextStep: 'verify_identity', identityStatus: 'not_submitted', driverStatus: 'not_submitted', vehicleCount: 0 }),
      )
      .executeTest(whenRecorded(async (mock) => {
        const rights = fitsContract(getPostingRights, await withFetchAgainst(mock.url, () => callEndpoint(routes.getPostingRights)));
        expect(rights.canPost).toBe(false);
        expect(rights.nextStep).toBe('verify_identity');
      }));
  });

  it('posts the ride the wizard assembled and gets it back as the details screen shows it', async () => {
    await pact
      .addInteraction()
      .given(providerStates.driverWithVehicle)
      .uponReceiving('a ride posted from the review step')
      .withRequest('POST', '/api/rides', (b) =>
        b.headers(json).jsonBody({ ...rideDraft, vehicleId: stateVehicleId, departureDate: stateDepartureDate }),
      )
      .willRespondWith(201, (b) => b.jsonBody({ ...rideDetails, isOwnRide: true }))
      .executeTest(whenRecorded(async (mock) => {
        const posted = fitsContract(postRide, await withFetchAgainst(mock.url, () => callEndpoint(routes.postRide, { body: rideDraft })));
        expect(posted).toMatchObject({ status: 'active', fromCity: 'Accra', toCity: 'Kumasi', pricePerSeat: '80.00', pickupStation: 'Kaneshie Station car park', isOwnRide: true });
        expect(posted.stops.map((stop) => stop.meetingPoint)).toEqual(['By the Total fuel station']);
      }));
  });
});

describe('marketplace frontend → BFF: vehicles', () => {
  it('lists the driver’s vehicles', async () => {
    await pact
      .addInteraction()
      .given(providerStates.driverWithVehicle)
      .uponReceiving('a request for the driver’s vehicles')
      .withRequest('GET', '/api/vehicles')
      .willRespondWith(200, (b) => b.jsonBody(eachLike(vehicleBody(ids.vehicle))))
      .executeTest(whenRecorded(async (mock) => {
        const vehicles = await withFetchAgainst(mock.url, () => getVehicles());
        expect(vehicles[0]).toMatchObject({ make: 'Toyota', upcomingRides: 0 });
      }));
  });

  it('adds a vehicle and gets its plate back in the stored form', async () => {
    await pact
      .addInteraction()
      .given(providerStates.approvedDriver)
      .uponReceiving('a new vehicle from the add-vehicle form')
      .withRequest('POST', '/api/vehicles', (b) => b.headers(json).jsonBody(vehicleInput))
      .willRespondWith(201, (b) =>
        b.jsonBody({ ...vehicleBody(ids.vehicle), model: 'Corolla', year: 2018, color: 'Silver', licensePlate: 'GR-1234-20', seats: 4 }),
      )
      .executeTest(whenRecorded(async (mock) => {
        const added = await withFetchAgainst(mock.url, () => createVehicle(vehicleInput));
        expect(added.licensePlate).toBe('GR-1234-20');
      }));
  });

  it('deletes a vehicle without upcoming rides', async () => {
    await pact
      .addInteraction()
      .given(providerStates.driverWithVehicle)
      .uponReceiving('the deletion of a vehicle without upcoming rides')
      // biome-ignore lint/suspicious/noTemplateCurlyInString: a Pact expression the verifier fills from the provider state
      .withRequest('DELETE', statePath('/api/vehicles/${vehicleId}', `/api/vehicles/${ids.vehicle}`))
      .willRespondWith(200, (b) => b.jsonBody({ ok: true }))
      .executeTest(whenRecorded(async (mock) => {
        await withFetchAgainst(mock.url, () => deleteVehicle(ids.vehicle));
      }));
  });
});

describe('marketplace frontend → BFF: the place picker', () => {
  it('suggests places for what was typed, with the attribution to show', async () => {
    await pact
      .addInteraction()
      .given(providerStates.signedIn)
      .uponReceiving('a place search for "kum"')
      .withRequest('GET', '/api/places/autocomplete', (b) => b.query({ q: 'kum' }))
      .willRespondWith(200, (b) =>
        b.jsonBody({
          suggestions: eachLike({ placeId: like(ids.place), name: like('Kumasi'), description: like('City, Ashanti'), kind: oneOf(placeKinds, 'city') }),
          attribution: like('© OpenStreetMap contributors (ODbL). Contains data from GeoNames (www.geonames.org), CC BY 4.0.'),
        }),
      )
      .executeTest(whenRecorded(async (mock) => {
        const answer = fitsContract(autocompletePlaces, await withFetchAgainst(mock.url, () => callEndpoint(routes.autocompletePlaces, { query: { q: 'kum' } })));
        expect(answer.suggestions[0]?.name).toBe('Kumasi');
        expect(answer.attribution).not.toBe('');
      }));
  });

  it('reads the chosen place’s coordinates and region', async () => {
    await pact
      .addInteraction()
      .given(providerStates.signedIn)
      .given(providerStates.placeKnown)
      .uponReceiving('a request for the details of a suggested place')
      // biome-ignore lint/suspicious/noTemplateCurlyInString: a Pact expression the verifier fills from the provider state
      .withRequest('GET', statePath('/api/places/${placeId}', `/api/places/${ids.place}`))
      .willRespondWith(200, (b) =>
        b.jsonBody({
          name: like('Kumasi'),
          formatted_address: like('Kumasi, Ashanti, Ghana'),
          place_id: like(ids.place),
          latitude: number(6.698081),
          longitude: number(-1.62304),
          region: like('Ashanti'),
        }),
      )
      .executeTest(whenRecorded(async (mock) => {
        const place = fitsContract(getPlaceDetails, await withFetchAgainst(mock.url, () => callEndpoint(routes.getPlaceDetails, { params: { placeId: ids.place } })));
        expect(place).toMatchObject({ name: 'Kumasi', region: 'Ashanti', latitude: 6.698081 });
      }));
  });
});

/**
 * The ride request form's request, made by the form's own check from two places picked as the
 * picker gives them (the example ride's ends) and the form's other fields filled.
 */
function formRequest() {
  const place = (end: 'from' | 'to') => ({
    name: rideDraft[`${end}Location`],
    formatted_address: `${rideDraft[`${end}Location`]}, ${rideDraft[`${end}City`]}`,
    place_id: String(rideDraft[`${end}PlaceId`]),
    latitude: Number(rideDraft[`${end}Latitude`]),
    longitude: Number(rideDraft[`${end}Longitude`]),
    district: rideDraft[`${end}LocalityArea`],
    region: rideDraft[`${end}Region`],
  });
  const checked = checkRideRequest({
    ...emptyRideRequestForm(),
    from: requestPlaceOf(place('from')),
    to: requestPlaceOf(place('to')),
    preferredDate: examples.departureDate,
    passengers: 2,
    maxPricePerSeat: '90',
    notes: 'Two bags, one small',
    notifyBySMS: true,
  });
  if (checked.outcome !== 'ready') throw new Error(`the form refused its own example: ${JSON.stringify(checked)}`);
  return checked.request;
}

/** A ride a ride request or saved search matched, as the user's lists show it. */
const matchedRideBody = {
  id: uuid(ids.ride),
  fromCity: 'Accra',
  toCity: 'Kumasi',
  departureDate: day(examples.departureDate),
  departureTime: regex(/^([01]\d|2[0-3]):[0-5]\d$/, '08:30'),
  pricePerSeat: money('80.00'),
  currency: 'GHS',
  availableSeats: integer(3),
};

/** A ride request as the BFF answers it (the user's own, still active, never matched yet). */
const rideRequestBody = {
  id: uuid(ids.rideRequest),
  fromLocation: like('Kaneshie Station'),
  toLocation: like('Kejetia'),
  fromLocalityArea: like('Kaneshie'),
  toLocalityArea: like('Adum'),
  fromRegion: like('Greater Accra'),
  toRegion: like('Ashanti'),
  fromLatitude: number(5.5667),
  fromLongitude: number(-0.2333),
  toLatitude: number(6.6966),
  toLongitude: number(-1.6224),
  preferredDepartureDate: day(examples.departureDate),
  flexibleDates: boolean(true),
  passengers: integer(2),
  maxPricePerSeat: money('90.00'),
  notes: like('Two bags, one small'),
  notifyByEmail: boolean(true),
  notifyBySMS: boolean(true),
  status: 'active',
  createdAt: isoDate,
  expiresAt: isoDate,
  lastNotifiedAt: null,
};

describe('marketplace frontend → BFF: ride requests', () => {
  it('files the ride request the form makes and gets it back as the user’s list shows it', async () => {
    const request = formRequest();
    await pact
      .addInteraction()
      .given(providerStates.searchFoundNothing)
      .uponReceiving('a ride request from the request form, with the places’ data, a preferred date and a price limit')
      .withRequest('POST', '/api/ride-requests', (b) => b.headers(json).jsonBody({ ...request, preferredDepartureDate: statePreferredDate }))
      .willRespondWith(201, (b) =>
        b.jsonBody({
          ...rideRequestBody,
          // What was sent comes back as sent (the price with its two decimals).
          fromLocation: 'Kaneshie Station',
          toLocation: 'Kejetia',
          fromLocalityArea: 'Kaneshie',
          toLocalityArea: 'Adum',
          preferredDepartureDate: statePreferredDate,
          passengers: 2,
          maxPricePerSeat: '90.00',
          notifyByEmail: true,
          notifyBySMS: true,
        }),
      )
      .executeTest(whenRecorded(async (mock) => {
        const created = await withFetchAgainst(mock.url, () => createRideRequest(request));
        expect(created).toMatchObject({ status: 'active', fromLocation: 'Kaneshie Station', passengers: 2, maxPricePerSeat: '90.00', notifyBySMS: true });
      }));
  });

  it('lists the user’s active ride requests, each with the rides it matched', async () => {
    await pact
      .addInteraction()
      .given(providerStates.rideRequestMatched)
      .uponReceiving('a request for the user’s ride requests')
      .withRequest('GET', '/api/ride-requests/mine')
      .willRespondWith(200, (b) =>
        b.jsonBody({
          requests: eachLike({
            ...rideRequestBody,
            lastNotifiedAt: isoDate,
            matchedRides: eachLike(matchedRideBody),
          }),
        }),
      )
      .executeTest(whenRecorded(async (mock) => {
        const requests = await withFetchAgainst(mock.url, () => getMyRideRequests());
        expect(requests[0]).toMatchObject({ status: 'active', fromLocation: 'Kaneshie Station', toLocation: 'Kejetia', passengers: 2 });
        expect(requests[0]?.matchedRides[0]).toMatchObject({ id: ids.ride, fromCity: 'Accra', toCity: 'Kumasi', pricePerSeat: '80.00' });
      }));
  });

  it('cancels one of the user’s ride requests', async () => {
    await pact
      .addInteraction()
      .given(providerStates.rideRequested)
      .uponReceiving('the cancelling of the user’s active ride request')
      // biome-ignore lint/suspicious/noTemplateCurlyInString: a Pact expression the verifier fills from the provider state
      .withRequest('DELETE', statePath('/api/ride-requests/${requestId}', `/api/ride-requests/${ids.rideRequest}`))
      .willRespondWith(200, (b) => b.jsonBody({ ok: true }))
      .executeTest(whenRecorded(async (mock) => {
        await withFetchAgainst(mock.url, () => cancelRideRequest(ids.rideRequest));
      }));
  });
});

/** The listing's search from Accra to Kumasi for two, both towns picked with their coordinates, as the Save this search button sends it. */
const listingSearch = savedSearchPayload({
  from: { name: 'Accra', latitude: 5.5703, longitude: -0.2151 },
  to: { name: 'Kumasi', latitude: 6.6958, longitude: -1.621 },
  date: examples.departureDate,
  passengers: 2,
});

/** A saved search as the BFF answers it (the member's own, still active). */
const savedSearchBody = {
  id: uuid(ids.savedSearch),
  fromLocation: like('Accra'),
  toLocation: like('Kumasi'),
  fromLocalityArea: like('Accra'),
  toLocalityArea: like('Kumasi'),
  fromRegion: like('Greater Accra'),
  toRegion: like('Ashanti'),
  fromLatitude: number(5.5703),
  fromLongitude: number(-0.2151),
  toLatitude: number(6.6958),
  toLongitude: number(-1.621),
  departureDate: day(examples.departureDate),
  passengers: integer(2),
  maxPricePerSeat: money('150.00'),
  status: 'active',
  createdAt: isoDate,
  expiresAt: isoDate,
};

describe('marketplace frontend → BFF: saved searches', () => {
  it('saves the listing’s search as the Save this search button sends it', async () => {
    await pact
      .addInteraction()
      .given(providerStates.searchFoundNothing)
      .uponReceiving('a saved search of the listing from Accra to Kumasi for two on a day')
      .withRequest('POST', '/api/saved-searches', (b) => b.headers(json).jsonBody({ ...listingSearch, departureDate: statePreferredDate }))
      // The listing knows no regions nor a price limit: none comes back.
      .willRespondWith(201, (b) =>
        b.jsonBody({ ...savedSearchBody, fromRegion: null, toRegion: null, maxPricePerSeat: null, departureDate: statePreferredDate, matchedRides: [] }),
      )
      .executeTest(whenRecorded(async (mock) => {
        const saved = fitsContract(createSavedSearchEndpoint, await withFetchAgainst(mock.url, () => saveSearch(listingSearch)));
        expect(saved).toMatchObject({ status: 'active', passengers: 2, matchedRides: [] });
      }));
  });

  it('lists the member’s saved searches with the rides they matched, and deletes one', async () => {
    await pact
      .addInteraction()
      .given(providerStates.searchSaved)
      .uponReceiving('a request for the member’s saved searches')
      .withRequest('GET', '/api/saved-searches/mine')
      .willRespondWith(200, (b) =>
        b.jsonBody({
          searches: eachLike({
            ...savedSearchBody,
            matchedRides: eachLike(matchedRideBody),
          }),
        }),
      )
      .executeTest(whenRecorded(async (mock) => {
        const searches = await withFetchAgainst(mock.url, () => getMySavedSearches());
        expect(searches[0]).toMatchObject({ status: 'active', fromLocation: 'Accra', toLocation: 'Kumasi', passengers: 2 });
        expect(searches[0]?.matchedRides[0]).toMatchObject({ id: ids.ride, fromCity: 'Accra', toCity: 'Kumasi' });
      }));
    await pact
      .addInteraction()
      .given(providerStates.searchSaved)
      .uponReceiving('the deleting of the member’s saved search')
      // biome-ignore lint/suspicious/noTemplateCurlyInString: a Pact expression the verifier fills from the provider state
      .withRequest('DELETE', statePath('/api/saved-searches/${savedSearchId}', `/api/saved-searches/${ids.savedSearch}`))
      .willRespondWith(200, (b) => b.jsonBody({ ok: true }))
      .executeTest(whenRecorded(async (mock) => {
        await withFetchAgainst(mock.url, () => deleteSavedSearch(ids.savedSearch));
      }));
  });
});

describe('marketplace frontend → BFF: requested rides', () => {
  it('lists the requests the driver’s rides fit, invites a passenger to one of them and declines a request', async () => {
    await pact
      .addInteraction()
      .given(providerStates.requestFitsRide)
      .uponReceiving('a request for the driver’s requested rides')
      .withRequest('GET', '/api/driver/requested-rides')
      .willRespondWith(200, (b) =>
        b.jsonBody({
          requests: eachLike({
            requestId: uuid(ids.rideRequest),
            passengerFirstName: like('Kwame'),
            passengerRating: { average: null, count: integer(0) },
            seats: integer(2),
            fromLocation: like('Kaneshie Station'),
            toLocation: like('Kejetia'),
            preferredDepartureDate: day(examples.departureDate),
            flexibleDates: boolean(true),
            maxPricePerSeat: money('90.00'),
            notes: like('Two bags, one small'),
            fits: eachLike({
              rideId: uuid(ids.ride),
              fromCity: like('Accra'),
              toCity: like('Kumasi'),
              departureDate: day(examples.departureDate),
              departureTime: regex(/^([01]\d|2[0-3]):[0-5]\d$/, '08:30'),
              pricePerSeat: money('80.00'),
              currency: 'GHS',
              availableSeats: integer(3),
              invited: boolean(false),
            }),
          }),
        }),
      )
      .executeTest(whenRecorded(async (mock) => {
        const requests = await withFetchAgainst(mock.url, () => getRequestedRides());
        expect(requests[0]).toMatchObject({ requestId: ids.rideRequest, seats: 2, passengerRating: { average: null, count: 0 } });
        expect(requests[0]?.fits[0]).toMatchObject({ rideId: ids.ride, invited: false });
      }));

    await pact
      .addInteraction()
      .given(providerStates.requestFitsRide)
      .uponReceiving('a driver’s acceptance of a ride request for their ride')
      // biome-ignore lint/suspicious/noTemplateCurlyInString: a Pact expression the verifier fills from the provider state
      .withRequest('POST', statePath('/api/driver/requested-rides/${requestId}/accept', `/api/driver/requested-rides/${ids.rideRequest}/accept`), (b) =>
        // biome-ignore lint/suspicious/noTemplateCurlyInString: a Pact expression the verifier fills from the provider state
        b.headers(json).jsonBody({ rideId: fromProviderState('${rideId}', ids.ride) }),
      )
      .willRespondWith(200, (b) => b.jsonBody({ requestId: uuid(ids.rideRequest), rideId: uuid(ids.ride), invitedAt: isoDate }))
      .executeTest(whenRecorded(async (mock) => {
        await withFetchAgainst(mock.url, () => acceptRequestedRide({ requestId: ids.rideRequest, rideId: ids.ride }));
      }));

    await pact
      .addInteraction()
      .given(providerStates.requestFitsRide)
      .uponReceiving('a driver’s decline of a ride request')
      // biome-ignore lint/suspicious/noTemplateCurlyInString: a Pact expression the verifier fills from the provider state
      .withRequest('POST', statePath('/api/driver/requested-rides/${requestId}/decline', `/api/driver/requested-rides/${ids.rideRequest}/decline`))
      .willRespondWith(200, (b) => b.jsonBody({ ok: true }))
      .executeTest(whenRecorded(async (mock) => {
        await withFetchAgainst(mock.url, () => declineRequestedRide(ids.rideRequest));
      }));
  });
});

/** A booking of 2 seats from the ride's stop (Nkawkaw, place 1) to its destination (Kumasi, place 2), as its passenger sees it. */
const bookingBody = (status: string, boardingCode: unknown) => ({
  id: uuid(ids.booking),
  rideId: uuid(ids.ride),
  driverId: uuid(ids.driver),
  status,
  bookingMode: oneOf(bookingModes, 'instant'),
  paymentMethod: oneOf(bookingPaymentMethods, 'cash'),
  seats: 2,
  board: { index: 1, location: like('Nkawkaw Station'), city: like('Nkawkaw'), meetingPoint: like('By the Total fuel station') },
  alight: { index: 2, location: like('Kejetia'), city: like('Kumasi'), meetingPoint: null },
  pricePerSeat: money('80.00'),
  totalAmount: money('160.00'),
  serviceFee: money('0.00'),
  currency: 'GHS',
  passengerName: 'Kwame Asante',
  passengerPhone: like('0241234567'),
  specialRequests: 'One big suitcase',
  boardingCode,
  departureDate: day(examples.departureDate),
  departureTime: regex(/^([01]\d|2[0-3]):[0-5]\d$/, '08:30'),
  departureAt: isoDate,
  rideFrom: like('Accra'),
  rideTo: like('Kumasi'),
  rideStatus: oneOf(rideStatuses, 'active'),
  driverName: like('Kwame Asante'),
  vehicle: { make: like('Toyota'), model: like('Corolla'), color: like('Silver'), licensePlate: like('AS-4821-19') },
  expiresAt: null,
  createdAt: isoDate,
  version: integer(1),
});
/** A code of 6 characters from the boarding code alphabet. */
const boardingCode = regex(/^[ACDEFGHJKMNPQRTUVWXY34679]{6}$/, 'K7QX4M');
const bookingInput = { rideId: ids.ride, seats: 2, boardAt: 1, alightAt: 2, passengerName: 'Kwame Asante', passengerPhone: '0241234567', specialRequests: 'One big suitcase' };

describe('marketplace frontend → BFF: booking a seat', () => {
  it('books 2 seats from the stop to the destination under an Idempotency-Key, as the booking screen sends them', async () => {
    await pact
      .addInteraction()
      .given(providerStates.rideToBook)
      .uponReceiving('a booking of 2 seats from Nkawkaw to Kumasi on an instant ride, with an Idempotency-Key')
      .withRequest('POST', '/api/bookings', (b) =>
        b
          .headers({ ...json, 'idempotency-key': regex(/^[A-Za-z0-9_-]{8,200}$/, '3f1c2b7e-5d4a-4c3b-9a8f-7e6d5c4b3a21') })
          // biome-ignore lint/suspicious/noTemplateCurlyInString: a Pact expression the verifier fills from the provider state
          .jsonBody({ ...bookingInput, rideId: fromProviderState('${rideId}', ids.ride) }),
      )
      .willRespondWith(201, (b) => b.jsonBody(bookingBody('confirmed', boardingCode)))
      .executeTest(whenRecorded(async (mock) => {
        const booking = fitsContract(createBookingEndpoint, await withFetchAgainst(mock.url, () => createBooking(bookingInput, '3f1c2b7e-5d4a-4c3b-9a8f-7e6d5c4b3a21')));
        expect(booking).toMatchObject({ status: 'confirmed', seats: 2, boardingCode: 'K7QX4M', board: { index: 1 }, alight: { index: 2 } });
      }));
  });

  it('hears the reason when a booking is refused', async () => {
    await pact
      .addInteraction()
      .given(providerStates.seatBooked)
      .uponReceiving('a second booking by a passenger who already has one on the ride')
      .withRequest('POST', '/api/bookings', (b) =>
        b
          .headers({ ...json, 'idempotency-key': regex(/^[A-Za-z0-9_-]{8,200}$/, '9b8a7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d') })
          // biome-ignore lint/suspicious/noTemplateCurlyInString: a Pact expression the verifier fills from the provider state
          .jsonBody({ ...bookingInput, rideId: fromProviderState('${rideId}', ids.ride) }),
      )
      .willRespondWith(409, (b) => b.jsonBody({ message: like('You already have a booking on this ride') }))
      .executeTest(whenRecorded(async (mock) => {
        await expect(withFetchAgainst(mock.url, () => createBooking(bookingInput, '9b8a7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d'))).rejects.toThrow(/^409: .*already have a booking/);
      }));
  });

  it("lists the passenger's upcoming bookings with the boarding code of a confirmed one", async () => {
    await pact
      .addInteraction()
      .given(providerStates.seatBooked)
      .uponReceiving("a request for the passenger's upcoming bookings")
      .withRequest('GET', '/api/bookings/mine', (b) => b.query({ when: 'upcoming' }))
      .willRespondWith(200, (b) => b.jsonBody({ bookings: eachLike(bookingBody('confirmed', boardingCode)) }))
      .executeTest(whenRecorded(async (mock) => {
        const queryFn = myBookingsQueryOptions('upcoming').queryFn as (context: { signal: AbortSignal }) => Promise<unknown[]>;
        const bookings = await withFetchAgainst(mock.url, () => queryFn({ signal: new AbortController().signal }));
        fitsContract(getMyBookings, { bookings });
        expect(bookings[0]).toMatchObject({ status: 'confirmed', boardingCode: 'K7QX4M', board: { meetingPoint: 'By the Total fuel station' } });
      }));
  });

  it('cancels the passenger’s booking', async () => {
    await pact
      .addInteraction()
      .given(providerStates.seatBooked)
      .uponReceiving("the passenger's cancelling of their confirmed booking")
      // biome-ignore lint/suspicious/noTemplateCurlyInString: a Pact expression the verifier fills from the provider state
      .withRequest('POST', statePath('/api/bookings/${bookingId}/cancel', `/api/bookings/${ids.booking}/cancel`))
      .willRespondWith(200, (b) => b.jsonBody(bookingBody('cancelled_by_passenger', null)))
      .executeTest(whenRecorded(async (mock) => {
        const booking = fitsContract(cancelBookingEndpoint, await withFetchAgainst(mock.url, () => cancelBooking(ids.booking)));
        expect(booking.status).toBe('cancelled_by_passenger');
      }));
  });
});

/** The booking screen's mobile money booking: the fare and Krom's fee from a Telecel wallet, the seats held for the prompt. */
const mobileMoneyInput = { ...bookingInput, paymentMethod: 'mobile_money', wallet: { phone: '0201234567', network: 'vodafone' } } as const;
const heldBookingBody = () => ({
  ...bookingBody('awaiting_payment', null),
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a Pact expression the verifier fills from the provider state
  id: fromProviderState('${bookingId}', ids.booking),
  paymentMethod: 'mobile_money',
  serviceFee: money('8.00'),
  expiresAt: isoDate,
});
const stateBookingPath = (tail: string) => statePath(`/api/bookings/\${bookingId}${tail}`, `/api/bookings/${ids.booking}${tail}`);

describe('marketplace frontend → BFF: paying for a booking by mobile money', () => {
  it('books with a mobile money wallet: the seats held for the prompt', async () => {
    await pact
      .addInteraction()
      .given(providerStates.rideToBook)
      .uponReceiving('a booking of 2 seats paid by mobile money from a Telecel wallet')
      .withRequest('POST', '/api/bookings', (b) =>
        b
          .headers({ ...json, 'idempotency-key': regex(/^[A-Za-z0-9_-]{8,200}$/, '4e2d3c8f-6e5b-4d4c-8b9a-8f7e6d5c4b3a') })
          // biome-ignore lint/suspicious/noTemplateCurlyInString: a Pact expression the verifier fills from the provider state
          .jsonBody({ ...mobileMoneyInput, rideId: fromProviderState('${rideId}', ids.ride) }),
      )
      .willRespondWith(201, (b) => b.jsonBody({ ...bookingBody('awaiting_payment', null), paymentMethod: 'mobile_money', serviceFee: money('8.00'), expiresAt: isoDate }))
      .executeTest(whenRecorded(async (mock) => {
        const booking = fitsContract(createBookingEndpoint, await withFetchAgainst(mock.url, () => createBooking(mobileMoneyInput, '4e2d3c8f-6e5b-4d4c-8b9a-8f7e6d5c4b3a')));
        expect(booking).toMatchObject({ status: 'awaiting_payment', paymentMethod: 'mobile_money', boardingCode: null });
      }));
  });

  it('lists the saved numbers to pay from, masked, and books with one by its id: the seats held for the prompt', async () => {
    const savedId = '6c7d8e9f-0a1b-4c2d-8e3f-4a5b6c7d8e9f';
    await pact
      .addInteraction()
      .given(providerStates.savedWallet)
      .uponReceiving("a request for the passenger's saved mobile money numbers on the booking screen")
      .withRequest('GET', '/api/payment-methods')
      .willRespondWith(200, (b) =>
        b.jsonBody(
          eachLike({
            // biome-ignore lint/suspicious/noTemplateCurlyInString: a Pact expression the verifier fills from the provider state
            id: fromProviderState('${paymentMethodId}', savedId),
            type: 'mobile_money',
            provider: oneOf(mobileMoneyProviders, 'vodafone'),
            number: regex(/^0\d{2} \*\*\* \d{4}$/, '020 *** 4567'),
            isDefault: boolean(true),
            verified: boolean(false),
          }),
        ),
      )
      .executeTest(whenRecorded(async (mock) => {
        const saved = fitsContract(getPaymentMethodsEndpoint, await withFetchAgainst(mock.url, () => getSavedWallets()));
        expect(saved[0]).toMatchObject({ id: savedId, provider: 'vodafone', number: '020 *** 4567', isDefault: true });
      }));

    const fromSaved = { ...bookingInput, paymentMethod: 'mobile_money', paymentMethodId: savedId } as const;
    await pact
      .addInteraction()
      .given(providerStates.savedWallet)
      .uponReceiving('a booking of 2 seats paid by mobile money from a saved number named by its id')
      .withRequest('POST', '/api/bookings', (b) =>
        b
          .headers({ ...json, 'idempotency-key': regex(/^[A-Za-z0-9_-]{8,200}$/, '7a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d') })
          // biome-ignore lint/suspicious/noTemplateCurlyInString: a Pact expression the verifier fills from the provider state
          .jsonBody({ ...fromSaved, rideId: fromProviderState('${rideId}', ids.ride), paymentMethodId: fromProviderState('${paymentMethodId}', savedId) }),
      )
      .willRespondWith(201, (b) => b.jsonBody({ ...bookingBody('awaiting_payment', null), paymentMethod: 'mobile_money', serviceFee: money('8.00'), expiresAt: isoDate }))
      .executeTest(whenRecorded(async (mock) => {
        const booking = fitsContract(createBookingEndpoint, await withFetchAgainst(mock.url, () => createBooking(fromSaved, '7a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d')));
        expect(booking).toMatchObject({ status: 'awaiting_payment', paymentMethod: 'mobile_money' });
      }));
  });

  it('reads the booking while its seats are held, with the hold’s end', async () => {
    await pact
      .addInteraction()
      .given(providerStates.awaitingPayment)
      .uponReceiving('a request for a booking awaiting its mobile money payment')
      .withRequest('GET', stateBookingPath(''))
      .willRespondWith(200, (b) => b.jsonBody(heldBookingBody()))
      .executeTest(whenRecorded(async (mock) => {
        const booking = fitsContract(getBookingEndpoint, await withFetchAgainst(mock.url, () => getHeldBooking(ids.booking)));
        expect(booking).toMatchObject({ status: 'awaiting_payment', expiresAt: '2026-11-20T09:30:00.000Z' });
      }));
  });

  it('reads where the payment stands: the fare, the fee, the total, the masked wallet and the gateway’s words', async () => {
    await pact
      .addInteraction()
      .given(providerStates.awaitingPayment)
      .uponReceiving("a request for a booking's mobile money payment")
      .withRequest('GET', stateBookingPath('/payment'))
      .willRespondWith(200, (b) =>
        b.jsonBody({
          id: uuid('6b7c8d9e-0f1a-4b2c-9d3e-4f5a6b7c8d9e'),
          // biome-ignore lint/suspicious/noTemplateCurlyInString: a Pact expression the verifier fills from the provider state
          bookingId: fromProviderState('${bookingId}', ids.booking),
          status: oneOf(bookingPaymentStatuses, 'needs_otp'),
          fare: money('160.00'),
          serviceFee: money('8.00'),
          total: money('168.00'),
          currency: 'GHS',
          network: oneOf(mobileMoneyProviders, 'vodafone'),
          walletMasked: like('020 *** **67'),
          displayText: like('Please dial *110# to generate a voucher code. Then input the voucher'),
          reason: null,
          expiresAt: isoDate,
        }),
      )
      .executeTest(whenRecorded(async (mock) => {
        const payment = fitsContract(getBookingPaymentEndpoint, await withFetchAgainst(mock.url, () => getBookingPayment(ids.booking)));
        expect(payment).toMatchObject({ status: 'needs_otp', total: '168.00', walletMasked: '020 *** **67' });
      }));
  });

  it('hears in words that a voucher code was not accepted', async () => {
    await pact
      .addInteraction()
      .given(providerStates.awaitingPayment)
      .uponReceiving('a voucher code Telecel did not text')
      .withRequest('POST', stateBookingPath('/payment/otp'), (b) => b.headers(json).jsonBody({ otp: '000000' }))
      .willRespondWith(400, (b) => b.jsonBody({ message: bookingPaymentMessages.wrongVoucher }))
      .executeTest(whenRecorded(async (mock) => {
        await expect(withFetchAgainst(mock.url, () => submitVoucherCode(ids.booking, '000000'))).rejects.toThrow(/^400: .*That voucher code was not accepted/);
      }));
  });
});

/**
 * A booking on the driver's ride as Manage Bookings reads it (the contracts' rideBookingSchema):
 * 2 seats from Accra (the departure, place 0) to Nkawkaw (the stop, place 1), paid in cash.
 */
const rideBooking = (status: string) => ({
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a Pact expression the verifier fills from the provider state
  id: fromProviderState('${bookingId}', ids.booking),
  passengerId: uuid(ids.passenger),
  status,
  seats: 2,
  board: { index: 0, location: like('Kaneshie Station'), city: like('Accra'), meetingPoint: like('Kaneshie Station car park') },
  alight: { index: 1, location: like('Nkawkaw Station'), city: like('Nkawkaw'), meetingPoint: like('By the Total fuel station') },
  totalAmount: money('60.00'),
  currency: 'GHS',
  paymentMethod: 'cash',
  passengerFirstName: like('Kwame'),
  specialRequests: null,
  createdAt: isoDate,
});
const bookingCodeShape = regex(/^[ACDEFGHJKMNPQRTUVWXY34679]{6}$/, 'KM7QX4');
// biome-ignore lint/suspicious/noTemplateCurlyInString: a Pact expression the verifier fills from the provider state
const stateRideBookings = statePath('/api/rides/${rideId}/bookings', `/api/rides/${ids.ride}/bookings`);
// biome-ignore lint/suspicious/noTemplateCurlyInString: a Pact expression the verifier fills from the provider state
const stateBoarding = statePath('/api/rides/${rideId}/board', `/api/rides/${ids.ride}/board`);
const stateBookingAction = (action: string) => statePath(`/api/bookings/\${bookingId}/${action}`, `/api/bookings/${ids.booking}/${action}`);

describe('marketplace frontend → BFF: Manage Bookings and the dashboards', () => {
  it('lists the bookings on the driver’s ride, a request with when it lapses', async () => {
    await pact
      .addInteraction()
      .given(providerStates.bookingRequested)
      .uponReceiving('a request for the bookings on the driver’s approval ride')
      .withRequest('GET', stateRideBookings)
      .willRespondWith(200, (b) => b.jsonBody({ bookings: eachLike({ ...rideBooking('requested'), expiresAt: isoDate }) }))
      .executeTest(whenRecorded(async (mock) => {
        const bookings = fitsContract(getRideBookingsEndpoint, { bookings: await withFetchAgainst(mock.url, () => getRideBookings(ids.ride)) }).bookings;
        expect(bookings[0]).toMatchObject({ status: 'requested', seats: 2, passengerFirstName: 'Kwame', paymentMethod: 'cash' });
        expect(bookings[0]?.alight.city).toBe('Nkawkaw');
      }));
  });

  it('accepts a request: a cash booking is confirmed at once', async () => {
    await pact
      .addInteraction()
      .given(providerStates.bookingRequested)
      .uponReceiving('the driver accepting a request on their ride')
      .withRequest('POST', stateBookingAction('accept'))
      .willRespondWith(200, (b) => b.jsonBody({ ...rideBooking('confirmed'), expiresAt: null }))
      .executeTest(whenRecorded(async (mock) => {
        const booking = fitsContract(acceptBookingEndpoint, await withFetchAgainst(mock.url, () => acceptBooking(ids.booking)));
        expect(booking.status).toBe('confirmed');
      }));
  });

  it('declines a request', async () => {
    await pact
      .addInteraction()
      .given(providerStates.bookingRequested)
      .uponReceiving('the driver declining a request on their ride')
      .withRequest('POST', stateBookingAction('decline'))
      .willRespondWith(200, (b) => b.jsonBody({ ...rideBooking('declined'), expiresAt: null }))
      .executeTest(whenRecorded(async (mock) => {
        const booking = fitsContract(declineBookingEndpoint, await withFetchAgainst(mock.url, () => declineBooking(ids.booking)));
        expect(booking.status).toBe('declined');
      }));
  });

  it('boards the passenger by the code on their ticket', async () => {
    await pact
      .addInteraction()
      .given(providerStates.bookingConfirmed)
      .uponReceiving('the driver boarding a passenger by boarding code')
      // biome-ignore lint/suspicious/noTemplateCurlyInString: a Pact expression the verifier fills from the provider state
      .withRequest('POST', stateBoarding, (b) => b.headers(json).jsonBody({ code: fromProviderState('${boardingCode}', 'KM7QX4') }))
      .willRespondWith(200, (b) => b.jsonBody({ ...rideBooking('boarded'), expiresAt: null }))
      .executeTest(whenRecorded(async (mock) => {
        const booking = fitsContract(boardPassengerEndpoint, await withFetchAgainst(mock.url, () => boardPassenger({ rideId: ids.ride, code: 'KM7QX4' })));
        expect(booking.status).toBe('boarded');
      }));
  });

  it('hears which code no booking on the ride has', async () => {
    await pact
      .addInteraction()
      .given(providerStates.bookingConfirmed)
      .uponReceiving('the driver boarding by a code no booking on the ride has')
      // A code of the alphabet that no booking is given: the state's booking has another.
      .withRequest('POST', stateBoarding, (b) => b.headers(json).jsonBody({ code: 'AAAAAA' }))
      .willRespondWith(404, (b) => b.jsonBody({ message: 'No booking on this ride has that boarding code' }))
      .executeTest(whenRecorded(async (mock) => {
        await expect(withFetchAgainst(mock.url, () => boardPassenger({ rideId: ids.ride, code: 'AAAAAA' }))).rejects.toThrow(
          '404: {"message":"No booking on this ride has that boarding code"}',
        );
      }));
  });

  it('lists the passenger’s upcoming bookings for the dashboard', async () => {
    await pact
      .addInteraction()
      .given(providerStates.passengerBooked)
      .uponReceiving('a request for the passenger’s upcoming bookings')
      .withRequest('GET', '/api/bookings/mine', (b) => b.query({ when: 'upcoming' }))
      .willRespondWith(200, (b) =>
        b.jsonBody({
          bookings: eachLike({
            id: uuid(ids.booking),
            rideId: uuid(ids.ride),
            driverId: uuid(ids.driver),
            status: 'confirmed',
            bookingMode: 'instant',
            paymentMethod: 'cash',
            seats: 2,
            board: rideBooking('confirmed').board,
            alight: rideBooking('confirmed').alight,
            pricePerSeat: money('30.00'),
            totalAmount: money('60.00'),
            serviceFee: money('0.00'),
            currency: 'GHS',
            passengerName: like('Kwame Asante'),
            passengerPhone: like('0244123456'),
            specialRequests: null,
            boardingCode: bookingCodeShape,
            departureDate: day(examples.departureDate),
            departureTime: regex(/^([01]\d|2[0-3]):[0-5]\d$/, '08:30'),
            departureAt: isoDate,
            rideFrom: like('Kaneshie Station'),
            rideTo: like('Kejetia'),
            rideStatus: oneOf(rideStatuses, 'active'),
            driverName: like('Kwame Asante'),
            vehicle: { make: like('Toyota'), model: like('Corolla'), color: like('Silver'), licensePlate: like('GR-4821-19') },
            expiresAt: null,
            createdAt: isoDate,
            version: integer(2),
          }),
        }),
      )
      .executeTest(whenRecorded(async (mock) => {
        const queryFn = myBookingsQueryOptions('upcoming').queryFn as (context: { signal: AbortSignal }) => Promise<unknown[]>;
        const bookings = await withFetchAgainst(mock.url, () => queryFn({ signal: new AbortController().signal }));
        expect(bookings[0]).toMatchObject({ status: 'confirmed', seats: 2, currency: 'GHS', board: { city: 'Accra' }, alight: { city: 'Nkawkaw' } });
      }));
  });

  it('reads what the driver was paid out, for the dashboard’s earnings and chart', async () => {
    await pact
      .addInteraction()
      .given(providerStates.signedIn)
      .uponReceiving('a request for the driver’s earnings')
      .withRequest('GET', '/api/payments/earnings')
      .willRespondWith(200, (b) =>
        b.jsonBody({
          currency: 'GHS',
          today: money('0.00'),
          thisWeek: money('0.00'),
          thisMonth: money('0.00'),
          lastMonth: money('0.00'),
          weeks: eachLike({ weekStart: day('2026-11-23'), amount: money('0.00') }, 12),
        }),
      )
      .executeTest(whenRecorded(async (mock) => {
        const earnings = fitsContract(getDriverEarningsEndpoint, await withFetchAgainst(mock.url, () => getDriverEarnings()));
        expect(earnings.weeks).toHaveLength(12);
        expect(earnings.currency).toBe('GHS');
      }));
  });
});

/*
 * Messages: the passenger wrote to the driver of a posted ride, and the driver answered. The
 * conversation's and the answer's ids come from the state; the values here are examples.
 */
const passengerQuestion = 'Is there space for 2 seats?';
const driverAnswer = 'Yes, 2 seats are free. We leave from the station car park.';
/** A message as the signed-in passenger reads it (the driver's answer unless changed). */
const messageBody = (changes: Record<string, unknown> = {}) => ({
  id: uuid(ids.driverMessage),
  conversationId: uuid(ids.conversation),
  senderId: uuid(ids.driver),
  body: like(driverAnswer),
  sentAt: isoDate,
  mine: false,
  masked: boolean(false),
  ...changes,
});
/** The conversation as the list shows it to the passenger: the driver's answer last, not read yet. */
const conversationSummaryBody = {
  id: uuid(ids.conversation),
  ride: {
    id: uuid(ids.ride),
    fromLocation: like('Kaneshie Station'),
    toLocation: like('Kejetia'),
    departureDate: day(examples.departureDate),
    departureTime: regex(/^([01]\d|2[0-3]):[0-5]\d$/, '08:30'),
    departureAt: isoDate,
  },
  role: 'passenger',
  otherMember: { id: uuid(ids.driver), firstName: like('Kwame'), profileImageUrl: null },
  booked: false,
  lastMessage: { body: like(driverAnswer), sentAt: isoDate, mine: false },
  unreadCount: 1,
  updatedAt: isoDate,
};
// biome-ignore lint/suspicious/noTemplateCurlyInString: a Pact expression the verifier fills from the provider state
const stateConversationPath = statePath('/api/messages/${conversationId}', `/api/messages/${ids.conversation}`);

describe('marketplace frontend → BFF: messages', () => {
  it("writes a passenger's first message to a ride's driver from the ride's preview", async () => {
    await pact
      .addInteraction()
      .given(providerStates.rideToBook)
      .uponReceiving("a passenger's first message to the driver of a ride")
      // biome-ignore lint/suspicious/noTemplateCurlyInString: a Pact expression the verifier fills from the provider state
      .withRequest('POST', statePath('/api/rides/${rideId}/messages', `/api/rides/${ids.ride}/messages`), (b) => b.headers(json).jsonBody({ body: passengerQuestion }))
      .willRespondWith(201, (b) => b.jsonBody(messageBody({ id: uuid(), conversationId: uuid(), senderId: uuid(ids.passenger), body: passengerQuestion, mine: true })))
      .executeTest(whenRecorded(async (mock) => {
        const sent = fitsContract(
          messageDriverEndpoint,
          await withFetchAgainst(mock.url, () => callEndpoint(routes.messageDriver, { params: { id: ids.ride }, body: { body: passengerQuestion } })),
        );
        expect(sent).toMatchObject({ body: passengerQuestion, mine: true, masked: false });
      }));
  });

  it("lists the member's conversations and counts what they have not read", async () => {
    await pact
      .addInteraction()
      .given(providerStates.conversationAnswered)
      .uponReceiving("a request for the passenger's conversations")
      .withRequest('GET', '/api/messages')
      .willRespondWith(200, (b) => b.jsonBody({ conversations: eachLike(conversationSummaryBody) }))
      .executeTest(whenRecorded(async (mock) => {
        const queryFn = getConversationsQueryOptions().queryFn as (context: { signal: AbortSignal }) => Promise<ConversationSummary[]>;
        const conversations = await withFetchAgainst(mock.url, () => queryFn({ signal: new AbortController().signal }));
        fitsContract(getMyConversationsEndpoint, { conversations });
        expect(conversations[0]).toMatchObject({ role: 'passenger', otherMember: { firstName: 'Kwame' }, lastMessage: { mine: false }, unreadCount: 1 });
      }));

    await pact
      .addInteraction()
      .given(providerStates.conversationAnswered)
      .uponReceiving("a request for the passenger's unread messages count")
      .withRequest('GET', '/api/messages/unread-count')
      .willRespondWith(200, (b) => b.jsonBody({ count: 1 }))
      .executeTest(whenRecorded(async (mock) => {
        const count = await withFetchAgainst(mock.url, () => getUnreadMessageCount());
        expect(fitsContract(getUnreadMessagesCountEndpoint, { count }).count).toBe(1);
      }));
  });

  it('opens a conversation with its messages, oldest first, and hears 404 for one not the member’s', async () => {
    await pact
      .addInteraction()
      .given(providerStates.conversationAnswered)
      .uponReceiving('a request for the conversation the driver answered in')
      .withRequest('GET', stateConversationPath)
      .willRespondWith(200, (b) =>
        b.jsonBody({
          ...conversationSummaryBody,
          messages: [messageBody({ id: uuid(), senderId: uuid(ids.passenger), body: like(passengerQuestion), mine: true }), messageBody()],
          canWrite: true,
          cannotWriteReason: null,
        }),
      )
      .executeTest(whenRecorded(async (mock) => {
        const queryFn = getConversationQueryOptions(ids.conversation).queryFn as (context: { signal: AbortSignal }) => Promise<Conversation>;
        const conversation = fitsContract(getConversationEndpoint, await withFetchAgainst(mock.url, () => queryFn({ signal: new AbortController().signal })));
        expect(conversation).toMatchObject({ id: ids.conversation, otherMember: { firstName: 'Kwame' }, canWrite: true, cannotWriteReason: null });
        expect(conversation.messages.map((message) => [message.mine, message.body])).toEqual([
          [true, passengerQuestion],
          [false, driverAnswer],
        ]);
      }));

    const unknown = '0e1f2a3b-4c5d-4e6f-8a7b-8c9d0e1f2a3b';
    await pact
      .addInteraction()
      .given(providerStates.signedIn)
      .uponReceiving('a request for a conversation that is not the member’s')
      .withRequest('GET', `/api/messages/${unknown}`)
      .willRespondWith(404, (b) => b.jsonBody({ message: messageMessages.conversationNotFound }))
      .executeTest(whenRecorded(async (mock) => {
        const queryFn = getConversationQueryOptions(unknown).queryFn as (context: { signal: AbortSignal }) => Promise<Conversation>;
        await expect(withFetchAgainst(mock.url, () => queryFn({ signal: new AbortController().signal }))).rejects.toThrow(/^404: /);
      }));
  });

  it('replies in the conversation and marks it read', async () => {
    const reply = 'Thank you, see you at the car park.';
    await pact
      .addInteraction()
      .given(providerStates.conversationAnswered)
      .uponReceiving("the passenger's reply in the conversation")
      .withRequest('POST', stateConversationPath, (b) => b.headers(json).jsonBody({ body: reply }))
      .willRespondWith(201, (b) => b.jsonBody(messageBody({ id: uuid(), senderId: uuid(ids.passenger), body: reply, mine: true })))
      .executeTest(whenRecorded(async (mock) => {
        const sent = fitsContract(
          replyInConversationEndpoint,
          await withFetchAgainst(mock.url, () => callEndpoint(routes.replyInConversation, { params: { id: ids.conversation }, body: { body: reply } })),
        );
        expect(sent).toMatchObject({ conversationId: ids.conversation, body: reply, mine: true });
      }));

    await pact
      .addInteraction()
      .given(providerStates.conversationAnswered)
      .uponReceiving('the passenger marking the conversation read')
      // biome-ignore lint/suspicious/noTemplateCurlyInString: a Pact expression the verifier fills from the provider state
      .withRequest('POST', statePath('/api/messages/${conversationId}/read', `/api/messages/${ids.conversation}/read`))
      .willRespondWith(200, (b) => b.jsonBody({ ok: true }))
      .executeTest(whenRecorded(async (mock) => {
        const answer = await withFetchAgainst(mock.url, () => callEndpoint(routes.markConversationRead, { params: { id: ids.conversation } }));
        expect(answer).toEqual({ ok: true });
      }));
  });

  it("reports the driver's message and shows the thanks", async () => {
    const report = { messageId: ids.driverMessage, reason: 'inappropriate_messages', details: 'He asked me to pay him outside Krom.' } as const;
    await pact
      .addInteraction()
      .given(providerStates.conversationAnswered)
      .uponReceiving("a report of the driver's message from the conversation")
      // biome-ignore lint/suspicious/noTemplateCurlyInString: a Pact expression the verifier fills from the provider state
      .withRequest('POST', statePath('/api/messages/${conversationId}/reports', `/api/messages/${ids.conversation}/reports`), (b) =>
        // biome-ignore lint/suspicious/noTemplateCurlyInString: a Pact expression the verifier fills from the provider state
        b.headers(json).jsonBody({ ...report, messageId: fromProviderState('${messageId}', ids.driverMessage) }),
      )
      .willRespondWith(201, (b) => b.jsonBody({ message: memberSafetyMessages.reportThanks }))
      .executeTest(whenRecorded(async (mock) => {
        const thanks = await withFetchAgainst(mock.url, () => reportMessage({ conversationId: ids.conversation, report }));
        expect(thanks).toBe(memberSafetyMessages.reportThanks);
      }));
  });
});
