import { rideMessages } from '@krom/contracts/http/rides';
import { renderRoutes } from '@krom/ui-kit/testing/render-routes.tsx';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { routes } from '../../../app/routes.tsx';
import { loadDraftSchemas, readDraft, toDraftPlace } from '../ride-draft.ts';
import { aPostedRide, corolla, driver, elsewhere, places, seedDraft, wizardApi } from './wizard-api.tsx';

// The screens load lazily, as in the browser; compiling them once up front keeps that cost out
// of the first test's time limit on a busy machine.
beforeAll(async () => {
  await import('../components/review-step-page.tsx');
  await import('../components/route-step-page.tsx');
  // The tests read drafts back themselves, whichever screen loaded their schemas.
  await loadDraftSchemas();
});

const corollaChoice = { id: corolla.id, year: 2019, make: 'Toyota', model: 'Corolla', licensePlate: 'GR-1234-20', seats: 4 };

function seedWholeDraft() {
  seedDraft({
    route: {
      stops: [
        { id: 'stop-1', location: 'Nkawkaw', locationData: toDraftPlace(places.nkawkaw) },
        { id: 'stop-2', location: 'Konongo', locationData: toDraftPlace(places.konongo) },
      ],
      description: '  One bag each, please.  ',
    },
    dateTime: { date: '2030-03-15', time: '07:30' },
    seatsPrice: { selectedVehicle: corollaChoice, availableSeats: '3', pricePerSeat: '150' },
  });
}

beforeEach(() => {
  sessionStorage.clear();
  seedWholeDraft();
});

const open = () => renderRoutes([...elsewhere, ...routes], '/create-ride-review');
const summary = () => screen.findByLabelText('Ride summary');
/** A summary row's value by its label. */
const rowValue = (label: string) => {
  const term = screen.getAllByRole('term').find((candidate) => candidate.textContent === label);
  return term?.nextElementSibling?.textContent;
};


// Today is 2030-01-15 here (only the date is faked): the 2030 rides are within the 12 months ahead a departure may be.
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2030-01-15T09:00:00Z'));
});
afterEach(() => vi.useRealTimers());
describe('/create-ride-review (step 4: review and post)', () => {
  it('sums the ride up: places with their localities, stops, pickup, seats, price, vehicle and the map', async () => {
    wizardApi();
    open();
    expect(await screen.findByRole('heading', { level: 1, name: 'Review and Post Ride' })).toBeTruthy();
    await summary();
    expect(screen.getByText(/Step 4 of 4/)).toBeTruthy();
    expect(rowValue('Departure')).toBe('Kwame Nkrumah CircleAccra, Greater Accra');
    expect(rowValue('Stops')).toBe('NkawkawEasternKonongoAshanti');
    expect(rowValue('Destination')).toBe('KejetiaKumasi, Ashanti');
    expect(rowValue('Pickup date and time')).toBe('Mar 15, 2030 at 7:30 AM');
    expect(rowValue('Seats available')).toBe('3');
    expect(rowValue('Price per seat')).toBe('GH₵150.00');
    expect(rowValue('Description')).toBe('One bag each, please.');
    expect(rowValue('Vehicle')).toBe('2019 Toyota Corolla');
    expect(rowValue('Licence plate')).toBe('GR-1234-20');
    expect(
      screen.getByRole('img', {
        name: 'Route map: Kwame Nkrumah Circle (departure), Nkawkaw (stop), Konongo (stop), Kejetia (destination)',
      }),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Edit' })).toBeTruthy();
  });

  it('writes a price of a thousand cedis or more as the ride cards do, grouped: GH₵1,250.50', async () => {
    seedDraft({ seatsPrice: { selectedVehicle: corollaChoice, availableSeats: '3', pricePerSeat: '1250.5' } });
    wizardApi();
    open();
    await summary();
    expect(rowValue('Price per seat')).toBe('GH₵1,250.50');
  });

  it("shows the driver's meeting point as the pickup station (no station is chosen for them), and each stop's", async () => {
    seedDraft({
      route: {
        meetingPoint: '  Leaving from Accra Mall car park ',
        stops: [{ id: 'stop-1', location: 'Nkawkaw', locationData: toDraftPlace(places.nkawkaw), meetingPoint: 'Nkawkaw Lorry Station' }],
      },
    });
    const api = wizardApi();
    const first = open();
    await summary();
    expect(rowValue('Pickup station')).toBe('Leaving from Accra Mall car park');
    expect(rowValue('Stops')).toBe('NkawkawEasternMeeting point: Nkawkaw Lorry Station');
    expect(api.calls.find((call) => call.path === '/api/places/nearby-station')).toBeUndefined();
    first.unmount();

    // None set (a draft from before the field existed): the departure itself.
    seedDraft({ route: {} });
    wizardApi();
    open();
    await summary();
    expect(rowValue('Pickup station')).toBe('Kwame Nkrumah Circle');
  });

  it('says the duration is being calculated, then shows it marked as an estimate', async () => {
    let answer: () => void = () => {};
    const answered = new Promise<void>((resolve) => {
      answer = resolve;
    });
    const api = wizardApi({
      'POST /api/places/route': () => answered.then(() => ({ status: 200, body: { distanceKm: 262.4, durationMinutes: 200, estimated: true } })),
    });
    open();
    await summary();
    expect(rowValue('Duration')).toBe('Calculating...');
    answer();
    await waitFor(() => expect(rowValue('Duration')).toBe('3h 20min (estimate)'));
    expect(api.callsTo('POST', '/api/places/route')[0]?.body).toEqual({
      points: [places.circle, places.nkawkaw, places.konongo, places.kejetia].map(({ latitude, longitude }) => ({ latitude, longitude })),
    });
  });

  it('shows a directions-service duration as it is, and says when there is none', async () => {
    wizardApi({ 'POST /api/places/route': { status: 200, body: { distanceKm: 40, durationMinutes: 45, estimated: false } } });
    const first = open();
    await waitFor(() => expect(rowValue('Duration')).toBe('45 min'));
    first.unmount();

    wizardApi({ 'POST /api/places/route': { status: 503, body: { message: 'Unavailable' } } });
    open();
    await waitFor(() => expect(rowValue('Duration')).toBe('Duration unavailable'));
  });

  it('says Not provided for a vehicle without a plate', async () => {
    seedDraft({ seatsPrice: { selectedVehicle: { ...corollaChoice, licensePlate: '' }, availableSeats: '3', pricePerSeat: '150' } });
    wizardApi();
    open();
    await summary();
    expect(rowValue('Licence plate')).toBe('Not provided');
  });

  it.each([
    ['the route', () => sessionStorage.removeItem(`krom.ride-draft.${driver.id}.route`)],
    ['the date', () => seedDraft({ dateTime: { date: '', time: '07:30' } })],
    ['the time', () => seedDraft({ dateTime: { date: '2030-03-15', time: '' } })],
    ['the destination', () => seedDraft({ route: { destination: null } })],
  ])('goes back to step 1 when %s is missing', async (_, remove) => {
    remove();
    wizardApi();
    const { router } = open();
    await screen.findByRole('heading', { level: 1, name: 'Your Route' });
    expect(router.state.location.pathname).toBe('/create-ride');
  });

  it('goes back to step 3 when no vehicle was chosen', async () => {
    sessionStorage.removeItem(`krom.ride-draft.${driver.id}.seatsPrice`);
    wizardApi();
    const { router } = open();
    await screen.findByRole('heading', { level: 1, name: 'Seats and Price' });
    expect(router.state.location.pathname).toBe('/create-ride-seats-price');
  });

  it.each(['12.345', '45.'])('goes back to step 3 when the saved price is not an amount in cedis (%s), rather than crash', async (pricePerSeat) => {
    seedDraft({ seatsPrice: { selectedVehicle: corollaChoice, availableSeats: '3', pricePerSeat } });
    wizardApi();
    const { router } = open();
    await screen.findByRole('heading', { level: 1, name: 'Seats and Price' });
    expect(router.state.location.pathname).toBe('/create-ride-seats-price');
  });

  it('Edit goes back to step 1 with everything still there', async () => {
    wizardApi();
    const { user, router } = open();
    await summary();
    await user.click(screen.getByRole('button', { name: 'Edit' }));
    await screen.findByRole('form', { name: 'Your Route' });
    expect(router.state.location.pathname).toBe('/create-ride');
    expect(screen.getByRole('button', { name: /^Stop 2/ }).textContent).toContain('Konongo');
  });

  it('shows and posts the prices the driver set for parts of this route, and none set for another route', async () => {
    const places4 = ['Kwame Nkrumah Circle', 'Nkawkaw', 'Konongo', 'Kejetia'];
    seedDraft({ seatsPrice: { selectedVehicle: corollaChoice, availableSeats: '3', pricePerSeat: '150', legPrices: { places: places4, prices: { '1-3': '60.5' } } } });
    const api = wizardApi();
    const { user } = open();
    await summary();
    expect(rowValue('Prices for part of the route')).toBe('Nkawkaw → Kejetia: GH₵60.50');
    await user.click(screen.getByRole('button', { name: 'Post Ride' }));
    await screen.findByRole('dialog', { name: 'Ride successfully posted and is now live.' });
    expect(api.callsTo('POST', '/api/rides')[0]?.body).toMatchObject({ legPrices: { '1-3': '60.50' } });
  });

  it('shows and posts a ride whose driver approves each request', async () => {
    seedDraft({ seatsPrice: { selectedVehicle: corollaChoice, availableSeats: '3', pricePerSeat: '150', bookingMode: 'approval' } });
    const api = wizardApi();
    const { user } = open();
    await summary();
    expect(rowValue('How passengers book')).toBe('Driver approves');
    await user.click(screen.getByRole('button', { name: 'Post Ride' }));
    await screen.findByRole('dialog', { name: 'Ride successfully posted and is now live.' });
    expect(api.callsTo('POST', '/api/rides')[0]?.body).toMatchObject({ bookingMode: 'approval' });
  });

  it('shows and posts the ride preferences and women only as the driver stated them', async () => {
    const preferences = { luggage: 'large', smoking: false, pets: true, airConditioning: true, maxTwoInBack: true } as const;
    seedDraft({ seatsPrice: { selectedVehicle: corollaChoice, availableSeats: '3', pricePerSeat: '150', preferences, womenOnly: true } });
    const api = wizardApi();
    const { user } = open();
    await summary();
    const stated = screen.getByRole('list', { name: 'Ride preferences' });
    expect(within(stated).getAllByRole('listitem').map((item) => item.textContent?.replace(/^\S+\s/, ''))).toEqual([
      'Women only',
      'Large luggage',
      'No smoking',
      'Pets welcome',
      'Air conditioning',
      'Max. 2 in the back',
    ]);
    await user.click(screen.getByRole('button', { name: 'Post Ride' }));
    await screen.findByRole('dialog', { name: 'Ride successfully posted and is now live.' });
    expect(api.callsTo('POST', '/api/rides')[0]?.body).toMatchObject({ preferences, womenOnly: true });
  });

  it('leaves out leg prices set before the stops changed', async () => {
    seedDraft({ seatsPrice: { selectedVehicle: corollaChoice, availableSeats: '3', pricePerSeat: '150', legPrices: { places: ['Kwame Nkrumah Circle', 'Nkawkaw', 'Kejetia'], prices: { '1-2': '60.5' } } } });
    const api = wizardApi();
    const { user } = open();
    await summary();
    expect(rowValue('Prices for part of the route')).toBeUndefined();
    await user.click(screen.getByRole('button', { name: 'Post Ride' }));
    await screen.findByRole('dialog', { name: 'Ride successfully posted and is now live.' });
    expect(api.callsTo('POST', '/api/rides')[0]?.body).not.toHaveProperty('legPrices');
  });

  it('posts the ride in the flat shape, without the recurring toggle, and shows the success modal', async () => {
    const api = wizardApi();
    const { user } = open();
    await summary();
    await waitFor(() => expect(rowValue('Duration')).toBe('3h 20min (estimate)'));
    const toggle = screen.getByRole('switch', { name: 'Make this a recurring ride?' }) as HTMLInputElement;
    await user.click(toggle);
    expect(toggle.checked).toBe(true);

    await user.click(screen.getByRole('button', { name: 'Post Ride' }));
    const dialog = await screen.findByRole('dialog', { name: 'Ride successfully posted and is now live.' });
    expect(api.callsTo('POST', '/api/rides')[0]?.body).toEqual({
      vehicleId: corolla.id,
      fromCity: 'Accra',
      toCity: 'Kumasi',
      fromLocation: 'Kwame Nkrumah Circle',
      toLocation: 'Kejetia',
      fromLatitude: 5.5697,
      fromLongitude: -0.2166,
      fromLocalityArea: 'Accra',
      fromRegion: 'Greater Accra',
      fromPlaceId: 'place-circle',
      toLatitude: 6.6959,
      toLongitude: -1.6236,
      toLocalityArea: 'Kumasi',
      toRegion: 'Ashanti',
      toPlaceId: 'place-kejetia',
      stops: [
        {
          location: 'Nkawkaw',
          city: 'Nkawkaw',
          localityArea: 'Nkawkaw',
          region: 'Eastern',
          placeId: 'place-nkawkaw',
          latitude: 6.5505,
          longitude: -0.766,
          stopType: 'either',
        },
        // A place without a locality is its own city.
        { location: 'Konongo', city: 'Konongo', region: 'Ashanti', placeId: 'place-konongo', latitude: 6.6167, longitude: -1.2167, stopType: 'either' },
      ],
      departureDate: '2030-03-15',
      departureTime: '07:30',
      availableSeats: 3,
      totalSeats: 4,
      pricePerSeat: '150.00',
      currency: 'GHS',
      description: 'One bag each, please.',
      duration: '3h 20min',
      // No meeting point set on the route step: the departure itself.
      pickupStation: 'Kwame Nkrumah Circle',
      // A draft without the choice (from before it existed) takes bookings instantly.
      bookingMode: 'instant',
      // …and states the defaults step 3 starts from.
      preferences: { luggage: 'medium', smoking: false, pets: false, airConditioning: false, maxTwoInBack: false },
      womenOnly: false,
    });

    // The way on: the ride as passengers see it, or the driver's rides.
    expect(within(dialog).getByRole('link', { name: 'View Ride' }).getAttribute('href')).toBe(`/ride-preview/${aPostedRide().id}`);
    expect(within(dialog).getByRole('link', { name: 'Go to My Rides' }).getAttribute('href')).toBe('/rides/as-driver');
    expect(document.activeElement).toBe(within(dialog).getByRole('link', { name: 'View Ride' }));
    // The next ride starts from nothing.
    expect(readDraft(driver.id, 'route')).toBeNull();
    expect(readDraft(driver.id, 'dateTime')).toBeNull();
    expect(readDraft(driver.id, 'seatsPrice')).toBeNull();
    expect((screen.getByRole('button', { name: 'Post Ride' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('leads from the success modal to the new ride', async () => {
    wizardApi();
    const { user, router } = open();
    await summary();
    await user.click(screen.getByRole('button', { name: 'Post Ride' }));
    await user.click(await screen.findByRole('link', { name: 'View Ride' }));
    expect(await screen.findByRole('heading', { name: `Screen /ride-preview/${aPostedRide().id}` })).toBeTruthy();
    expect(router.state.location.pathname).toBe(`/ride-preview/${aPostedRide().id}`);
  });

  it("shows the server's reason when the ride is refused", async () => {
    wizardApi({ 'POST /api/rides': { status: 400, body: { message: rideMessages.priceAboveCap('120.00') } } });
    const { user, router } = open();
    await summary();
    await user.click(screen.getByRole('button', { name: 'Post Ride' }));
    expect((await screen.findByRole('alert')).textContent).toBe(rideMessages.priceAboveCap('120.00'));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(router.state.location.pathname).toBe('/create-ride-review');
    // Nothing is lost: the draft is still there to fix and post again.
    expect(readDraft(driver.id, 'seatsPrice')?.pricePerSeat).toBe('150');
  });

  it('explains a refusal for posting rights in the server’s words', async () => {
    wizardApi({ 'POST /api/rides': { status: 403, body: { message: rideMessages.needsVehicle } } });
    const { user } = open();
    await summary();
    await user.click(screen.getByRole('button', { name: 'Post Ride' }));
    expect((await screen.findByRole('alert')).textContent).toBe(rideMessages.needsVehicle);
  });

  it('falls back to the spec’s words when the failure carries no message', async () => {
    wizardApi({ 'POST /api/rides': { status: 502, body: 'Bad Gateway' } });
    const { user } = open();
    await summary();
    await user.click(screen.getByRole('button', { name: 'Post Ride' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Failed to post ride. Please try again.');
  });
});
