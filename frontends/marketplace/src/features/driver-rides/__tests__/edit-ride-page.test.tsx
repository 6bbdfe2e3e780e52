import { type RidePreferences, rideMessages, womenOnlyMessages } from '@krom/contracts/http/rides';
import { findToast } from '@krom/ui-kit/testing/find-toast.ts';
import { mockApi } from '@krom/ui-kit/testing/mock-api.ts';
import { renderRoutes } from '@krom/ui-kit/testing/render-routes.tsx';
import { aUser, frameAnswers } from '@krom/ui-kit/testing/signed-in-api.ts';
import { screen, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { routes } from '../../../app/routes.tsx';
import { driverRide, rideDetailsOf } from '../../../components/__tests__/ride-fixtures.ts';

// The screen loads lazily, as in the browser; compiling it once up front keeps that cost out of
// the first test's time limit on a busy machine.
beforeAll(() => Promise.all([import('../components/edit-ride-page.tsx'), import('../components/driver-rides-page.tsx')]), 30_000);

const elsewhere = [{ path: '/login', Component: () => <h1>Log in</h1> }];
const ride = driverRide({ description: 'Leaving from the Shell station, one bag each please.' });

type Reply = { status: number; body?: unknown };
function openEditRide(options: { details?: Reply; update?: Reply; user?: Parameters<typeof aUser>[0] } = {}) {
  const api = mockApi({
    ...frameAnswers(aUser(options.user)),
    [`GET /api/rides/${ride.id}`]: options.details ?? { status: 200, body: rideDetailsOf(ride) },
    [`PUT /api/rides/${ride.id}`]: options.update ?? { status: 200, body: { ...ride, availableSeats: 2 } },
    'GET /api/rides/mine': { status: 200, body: { rides: [ride] } },
  });
  return { api, ...renderRoutes([...elsewhere, ...routes], `/edit-ride/${ride.id}`) };
}

const form = () => screen.getByRole('form', { name: 'Edit ride' });
const field = (label: string) => within(form()).getByLabelText(label) as HTMLInputElement;
const select = (name: string) => within(form()).getByRole('combobox', { name }) as HTMLSelectElement;


// Today is 2030-01-15 here (only the date is faked): the 2030 rides are within the 12 months ahead a departure may be.
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2030-01-15T09:00:00Z'));
});
afterEach(() => vi.useRealTimers());
describe('/edit-ride/{id}', () => {
  it('sends a signed-out visitor to /login', async () => {
    mockApi({ 'GET /api/auth/user': { status: 401, body: { message: 'Not signed in' } } });
    const { router } = renderRoutes([...elsewhere, ...routes], `/edit-ride/${ride.id}`);
    expect(await screen.findByRole('heading', { name: 'Log in' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/login');
  });

  it('is filled from the ride as it is stored', async () => {
    openEditRide();
    expect(await screen.findByRole('heading', { level: 1, name: 'Edit Ride' })).toBeTruthy();
    expect(screen.getByText('Accra → Kumasi')).toBeTruthy();
    expect(within(form()).getByRole('button', { name: /^Departure date/ }).textContent).toBe('Nov 28, 2030');
    expect([select('Hour').value, select('Minute').value, select('AM or PM').value]).toEqual(['7', '30', 'AM']);
    expect(field('Available seats').value).toBe('3');
    // The five-seat Corolla's passenger seats, in the words of the wizard and of the message.
    expect(screen.getByText('Up to 4: one seat is yours.')).toBeTruthy();
    expect(field('Price per seat (GH₵)').value).toBe('120.00');
    expect(field('Description (optional)').value).toBe('Leaving from the Shell station, one bag each please.');
    expect((within(form()).getByRole('radio', { name: /^Instant booking/ }) as HTMLInputElement).checked).toBe(true);
    expect(within(form()).getByRole('link', { name: 'Cancel' }).getAttribute('href')).toBe('/rides/as-driver');
  });

  it('saves the changes, says so and goes back to the driver rides', async () => {
    const { api, user, router } = openEditRide();
    await screen.findByRole('form', { name: 'Edit ride' });
    await user.click(within(form()).getByRole('button', { name: /^Departure date/ }));
    await user.click(screen.getByRole('button', { name: 'Next month' }));
    await user.click(screen.getByRole('button', { name: 'Thursday, December 5, 2030' }));
    await user.selectOptions(select('Hour'), '6');
    await user.selectOptions(select('AM or PM'), 'PM');
    await user.clear(field('Available seats'));
    await user.type(field('Available seats'), '2');
    await user.clear(field('Price per seat (GH₵)'));
    await user.type(field('Price per seat (GH₵)'), '150');
    await user.clear(field('Description (optional)'));
    await user.type(field('Description (optional)'), '  Two bags each.  ');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));

    expect(await findToast()).toEqual({ text: 'Ride UpdatedYour ride from Accra to Kumasi has been updated.', destructive: false });
    expect(api.callsTo('PUT', `/api/rides/${ride.id}`).map((call) => call.body)).toEqual([
      { departureDate: '2030-12-05', departureTime: '18:30', availableSeats: 2, pricePerSeat: '150', description: 'Two bags each.' },
    ]);
    expect(await screen.findByRole('heading', { level: 1, name: 'My Rides' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/rides/as-driver');
  });

  it('switches the ride to approving each request, sending the booking mode only when it changed', async () => {
    const { api, user } = openEditRide();
    await screen.findByRole('form', { name: 'Edit ride' });
    await user.click(within(form()).getByRole('radio', { name: /^Driver approves/ }));
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    await findToast();
    expect(api.callsTo('PUT', `/api/rides/${ride.id}`).map((call) => call.body)).toEqual([
      { departureDate: '2030-11-28', departureTime: '07:30', availableSeats: 3, pricePerSeat: '120.00', description: 'Leaving from the Shell station, one bag each please.', bookingMode: 'approval' },
    ]);
  });

  it("checks seats against the vehicle and the price before sending, in the contract's words", async () => {
    const { api, user } = openEditRide();
    await screen.findByRole('form', { name: 'Edit ride' });
    await user.clear(field('Available seats'));
    await user.type(field('Available seats'), '5');
    await user.clear(field('Price per seat (GH₵)'));
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(within(form()).getAllByRole('alert').map((alert) => alert.textContent)).toEqual([
      'Available seats must be between 1 and 4',
      rideMessages.price,
    ]);
    expect(api.callsTo('PUT', `/api/rides/${ride.id}`)).toHaveLength(0);
  });

  it('gives more seats than any car has the limit its hint gives, not the contract\'s 8', async () => {
    const { api, user } = openEditRide();
    await screen.findByRole('form', { name: 'Edit ride' });
    await user.clear(field('Available seats'));
    expect(screen.getByText('Up to 4: one seat is yours.')).toBeTruthy();
    await user.type(field('Available seats'), '9');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(within(form()).getByRole('alert').textContent).toBe('Available seats must be between 1 and 4');
    await user.clear(field('Available seats'));
    expect(within(form()).getByRole('alert').textContent).toBe('Available seats must be between 1 and 4');
    expect(api.callsTo('PUT', `/api/rides/${ride.id}`)).toHaveLength(0);
  });

  it('changes the preferences, sending them (and women-only) only when changed', async () => {
    const stated: RidePreferences = { luggage: 'small', smoking: false, pets: false, airConditioning: true, maxTwoInBack: false };
    const { api, user } = openEditRide({ details: { status: 200, body: { ...rideDetailsOf(ride), preferences: stated, womenOnly: false } } });
    await screen.findByRole('form', { name: 'Edit ride' });
    expect((within(form()).getByRole('radio', { name: 'Small' }) as HTMLInputElement).checked).toBe(true);
    expect((within(form()).getByRole('checkbox', { name: 'Air conditioning' }) as HTMLInputElement).checked).toBe(true);
    // A man's profile: no women-only choice.
    expect(within(form()).queryByRole('checkbox', { name: /Women only/ })).toBeNull();
    await user.click(within(form()).getByRole('radio', { name: 'Large' }));
    await user.click(within(form()).getByRole('checkbox', { name: 'Pets welcome' }));
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    await findToast();
    expect(api.callsTo('PUT', `/api/rides/${ride.id}`).map((call) => call.body)).toEqual([
      expect.objectContaining({ preferences: { ...stated, luggage: 'large', pets: true } }),
    ]);
    // Unchanged, they are not sent: the first test's body has no preferences.
    expect(api.callsTo('PUT', `/api/rides/${ride.id}`)[0]?.body).not.toHaveProperty('womenOnly');
  });

  it('lets a woman make her ride women-only, and shows the server’s refusal once it is booked', async () => {
    const { api, user } = openEditRide({
      user: { gender: 'woman' },
      update: { status: 409, body: { message: womenOnlyMessages.notOnceBooked } },
    });
    await screen.findByRole('form', { name: 'Edit ride' });
    const choice = within(form()).getByRole('checkbox', { name: /Women only/ }) as HTMLInputElement;
    expect(choice.checked).toBe(false);
    await user.click(choice);
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect((await within(form()).findByRole('alert')).textContent).toBe(womenOnlyMessages.notOnceBooked);
    expect(api.callsTo('PUT', `/api/rides/${ride.id}`)[0]?.body).toMatchObject({ womenOnly: true });
  });

  it("keeps the server's refusal on screen: a ride booked meanwhile", async () => {
    const { user, router } = openEditRide({ update: { status: 409, body: { message: rideMessages.notEditable } } });
    await screen.findByRole('form', { name: 'Edit ride' });
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect((await within(form()).findByRole('alert')).textContent).toBe('This ride can no longer be changed');
    expect(router.state.location.pathname).toBe(`/edit-ride/${ride.id}`);
  });

  it("keeps the server's refusal on screen: a price over the route's cap", async () => {
    const { user } = openEditRide({ update: { status: 400, body: { message: rideMessages.priceAboveCap('180.00'), errors: [{ field: 'pricePerSeat', message: rideMessages.priceAboveCap('180.00') }] } } });
    await screen.findByRole('form', { name: 'Edit ride' });
    await user.clear(field('Price per seat (GH₵)'));
    await user.type(field('Price per seat (GH₵)'), '400');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect((await within(form()).findByRole('alert')).textContent).toBe(
      'Price per seat cannot be more than GH₵180.00 for this route. Krom prices share the cost of the trip; they are not for profit.',
    );
  });

  it('answers "Ride not found" for a ride that does not exist', async () => {
    openEditRide({ details: { status: 404, body: { message: 'Ride not found' } } });
    expect(await screen.findByRole('heading', { level: 1, name: 'Ride not found' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to My Rides' }).getAttribute('href')).toBe('/rides/as-driver');
    expect(screen.queryByRole('form')).toBeNull();
  });

  it("answers \"Ride not found\" for another driver's ride, and offers no form", async () => {
    openEditRide({ details: { status: 200, body: rideDetailsOf(ride, { driverId: '11111111-2222-4333-8444-555555555555' }) } });
    expect(await screen.findByRole('heading', { level: 1, name: 'Ride not found' })).toBeTruthy();
    expect(screen.queryByRole('form')).toBeNull();
  });

  it('says a cancelled ride can no longer be changed', async () => {
    openEditRide({ details: { status: 200, body: rideDetailsOf(ride, { status: 'cancelled' }) } });
    expect(await screen.findByRole('heading', { level: 1, name: 'This ride can no longer be changed' })).toBeTruthy();
    expect(screen.queryByRole('form')).toBeNull();
  });
});
