import { rideMessages } from '@krom/contracts/http/rides';
import { renderRoutes } from '@krom/ui-kit/testing/render-routes.tsx';
import { screen, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { routes } from '../../../app/routes.tsx';
import { loadDraftSchemas, readDraft, toDraftPlace } from '../ride-draft.ts';
import { corolla, driver, elsewhere, hiace, places, seedDraft, wizardApi } from './wizard-api.tsx';

// The screens load lazily, as in the browser; compiling them once up front keeps that cost out
// of the first test's time limit on a busy machine.
beforeAll(async () => {
  await import('../components/seats-price-step-page.tsx');
  await import('../components/review-step-page.tsx');
  // The tests read drafts back themselves, whichever screen loaded their schemas.
  await loadDraftSchemas();
});

beforeEach(() => {
  sessionStorage.clear();
  seedDraft({
    route: { stops: [{ id: 'stop-1', location: 'Nkawkaw', locationData: toDraftPlace(places.nkawkaw) }] },
    dateTime: { date: '2030-03-15', time: '07:30' },
  });
});

const open = () => renderRoutes([...elsewhere, ...routes], '/create-ride-seats-price');
const form = () => screen.findByRole('form', { name: 'Seats and Price' });
const seats = () => screen.getByLabelText('Available Seats') as HTMLInputElement;
const price = () => screen.getByLabelText('Price per Seat (GH₵)') as HTMLInputElement;


// Today is 2030-01-15 here (only the date is faked): the 2030 rides are within the 12 months ahead a departure may be.
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2030-01-15T09:00:00Z'));
});
afterEach(() => vi.useRealTimers());
describe('/create-ride-seats-price (step 3: seats and price)', () => {
  it("offers the user's vehicles, and a price input from 0 in pesewa steps", async () => {
    wizardApi();
    open();
    await form();
    expect(screen.getByText(/Step 3 of 4/)).toBeTruthy();
    expect(screen.getByRole('radio', { name: /2019 Toyota Corolla/ })).toBeTruthy();
    expect(screen.getByRole('radio', { name: /2015 Toyota Hiace/ })).toBeTruthy();
    expect(price().min).toBe('0');
    expect(price().step).toBe('0.01');
    // No vehicle chosen yet: up to 8 seats.
    expect(seats().min).toBe('1');
    expect(seats().max).toBe('8');
  });

  it('limits the seats to the chosen vehicle’s seats minus the driver’s', async () => {
    wizardApi();
    const { user, router } = open();
    await form();
    await user.click(screen.getByRole('radio', { name: /2019 Toyota Corolla/ }));
    expect(seats().max).toBe('3');
    expect(screen.getByText('Up to 3: one seat is yours.')).toBeTruthy();
    await user.click(screen.getByRole('radio', { name: /2015 Toyota Hiace/ }));
    expect(seats().max).toBe('7');

    await user.click(screen.getByRole('radio', { name: /2019 Toyota Corolla/ }));
    await user.type(seats(), '4');
    await user.type(price(), '150');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(screen.getByText(rideMessages.seatsForVehicle(3))).toBeTruthy();
    expect(router.state.location.pathname).toBe('/create-ride-seats-price');
  });

  it('shows the recommended range and the cap for the route, asked for through its stops', async () => {
    const api = wizardApi();
    open();
    await form();
    expect(await screen.findByText('Recommended: GH₵117.00 – GH₵195.00 per seat')).toBeTruthy();
    expect(screen.getByText('Maximum GH₵585.00 per seat for this route')).toBeTruthy();
    expect(api.callsTo('POST', '/api/rides/price-guide')[0]?.body).toEqual({
      points: [
        { latitude: places.circle.latitude, longitude: places.circle.longitude },
        { latitude: places.nkawkaw.latitude, longitude: places.nkawkaw.longitude },
        { latitude: places.kejetia.latitude, longitude: places.kejetia.longitude },
      ],
    });
  });

  it('refuses a price above the cap before going on', async () => {
    wizardApi();
    const { user, router } = open();
    await form();
    await screen.findByText('Maximum GH₵585.00 per seat for this route');
    await user.click(screen.getByRole('radio', { name: /2019 Toyota Corolla/ }));
    await user.type(seats(), '3');
    await user.type(price(), '585.01');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(screen.getByText(rideMessages.priceAboveCap('585.00'))).toBeTruthy();
    expect(price().getAttribute('aria-invalid')).toBe('true');
    expect(router.state.location.pathname).toBe('/create-ride-seats-price');

    // Exactly the cap is allowed.
    await user.clear(price());
    await user.type(price(), '585');
    expect(screen.queryByText(rideMessages.priceAboveCap('585.00'))).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await screen.findByRole('heading', { level: 1, name: 'Review and Post Ride' });
  });

  it('will not go on without vehicle, seats and price, and says so', async () => {
    wizardApi();
    const { user } = open();
    await form();
    const alertText = 'Please select a vehicle and fill in both available seats and price per seat before continuing.';
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(screen.getByRole('alert').textContent).toBe(alertText);

    await user.type(seats(), '2');
    await user.type(price(), '120');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(screen.getByRole('alert').textContent).toBe(alertText);

    await user.click(screen.getByRole('radio', { name: /2015 Toyota Hiace/ }));
    await user.clear(price());
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(screen.getByRole('alert').textContent).toBe(alertText);
  });

  it.each(['0', '12.345'])('checks the price is an amount in cedis (%s is not)', async (text) => {
    wizardApi();
    const { user } = open();
    await form();
    await user.click(screen.getByRole('radio', { name: /2015 Toyota Hiace/ }));
    await user.type(seats(), '5');
    await user.type(price(), text);
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(screen.getByText(rideMessages.priceFormat)).toBeTruthy();
  });

  it('goes on to the review with the choice in the draft, kept when the step is opened again', async () => {
    wizardApi();
    const first = open();
    await form();
    await first.user.click(screen.getByRole('radio', { name: /2015 Toyota Hiace/ }));
    await first.user.type(seats(), '6');
    await first.user.type(price(), '150.5');
    first.unmount();

    const second = open();
    await form();
    expect((screen.getByRole('radio', { name: /2015 Toyota Hiace/ }) as HTMLInputElement).checked).toBe(true);
    expect(seats().value).toBe('6');
    expect(price().value).toBe('150.5');
    await second.user.click(screen.getByRole('button', { name: 'Continue' }));
    await screen.findByRole('heading', { level: 1, name: 'Review and Post Ride' });
    expect(readDraft(driver.id, 'seatsPrice')).toEqual({
      selectedVehicle: { id: hiace.id, year: 2015, make: 'Toyota', model: 'Hiace', licensePlate: 'AS-4821-Z', seats: 8 },
      availableSeats: '6',
      pricePerSeat: '150.5',
      bookingMode: 'instant',
      preferences: { luggage: 'medium', smoking: false, pets: false, airConditioning: false, maxTwoInBack: false },
      womenOnly: false,
    });
  });

  it('asks for luggage, smoking, pets, air conditioning and the back seat, and keeps the answers', async () => {
    wizardApi();
    const first = open();
    await form();
    const group = screen.getByRole('group', { name: 'Ride preferences' });
    // Medium bags, nothing else, until the driver says otherwise; a driver whose profile does not say woman is not offered Women only.
    expect((within(group).getByRole('radio', { name: 'Medium' }) as HTMLInputElement).checked).toBe(true);
    expect(within(group).queryByRole('checkbox', { name: /Women only/ })).toBeNull();
    await first.user.click(within(group).getByRole('radio', { name: 'Small' }));
    await first.user.click(within(group).getByRole('checkbox', { name: 'Pets welcome' }));
    await first.user.click(within(group).getByRole('checkbox', { name: 'Air conditioning' }));
    await first.user.click(within(group).getByRole('checkbox', { name: 'At most two passengers in the back seat' }));
    await first.user.click(screen.getByRole('radio', { name: /2019 Toyota Corolla/ }));
    await first.user.type(seats(), '2');
    await first.user.type(price(), '120');
    first.unmount();

    const second = open();
    await form();
    expect((screen.getByRole('radio', { name: 'Small' }) as HTMLInputElement).checked).toBe(true);
    expect((screen.getByRole('checkbox', { name: 'Smoking allowed' }) as HTMLInputElement).checked).toBe(false);
    expect((screen.getByRole('checkbox', { name: 'Pets welcome' }) as HTMLInputElement).checked).toBe(true);
    await second.user.click(screen.getByRole('button', { name: 'Continue' }));
    await screen.findByRole('heading', { level: 1, name: 'Review and Post Ride' });
    expect(readDraft(driver.id, 'seatsPrice')).toMatchObject({
      preferences: { luggage: 'small', smoking: false, pets: true, airConditioning: true, maxTwoInBack: true },
      womenOnly: false,
    });
  });

  it('offers Women only to a driver whose profile says woman, and says who can book it', async () => {
    wizardApi({ 'GET /api/auth/user': { status: 200, body: { ...driver, gender: 'woman' } } });
    const { user } = open();
    await form();
    const womenOnly = screen.getByRole('checkbox', { name: /Women only/ }) as HTMLInputElement;
    expect(womenOnly.checked).toBe(false);
    expect(womenOnly.getAttribute('aria-describedby')).toBeTruthy();
    expect(screen.getByText('Only verified members whose profile says they are a woman can book this ride.')).toBeTruthy();
    await user.click(womenOnly);
    await user.click(screen.getByRole('radio', { name: /2019 Toyota Corolla/ }));
    await user.type(seats(), '2');
    await user.type(price(), '120');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await screen.findByRole('heading', { level: 1, name: 'Review and Post Ride' });
    expect(readDraft(driver.id, 'seatsPrice')?.womenOnly).toBe(true);
  });

  it('takes bookings instantly unless the driver chooses to approve each request, and keeps the choice', async () => {
    wizardApi();
    const first = open();
    await form();
    const instant = screen.getByRole('radio', { name: /^Instant booking/ }) as HTMLInputElement;
    const approval = screen.getByRole('radio', { name: /^Driver approves/ }) as HTMLInputElement;
    expect([instant.checked, approval.checked]).toEqual([true, false]);
    expect(screen.getByRole('group', { name: 'How passengers book' }).textContent).toContain(
      'You accept or decline each request. One you do not answer lapses after 12 hours, or 2 hours before departure.',
    );
    await first.user.click(approval);
    await first.user.click(screen.getByRole('radio', { name: /2015 Toyota Hiace/ }));
    await first.user.type(seats(), '6');
    await first.user.type(price(), '150');
    first.unmount();

    const second = open();
    await form();
    expect((screen.getByRole('radio', { name: /^Driver approves/ }) as HTMLInputElement).checked).toBe(true);
    await second.user.click(screen.getByRole('button', { name: 'Continue' }));
    await screen.findByRole('heading', { level: 1, name: 'Review and Post Ride' });
    expect(readDraft(driver.id, 'seatsPrice')?.bookingMode).toBe('approval');
  });

  it('offers a price for each part of the route through a stop, suggested from its share, and keeps the driver’s own', async () => {
    wizardApi();
    const { user } = open();
    await form();
    await screen.findByText('Maximum GH₵585.00 per seat for this route');
    const legs = screen.getByRole('group', { name: 'Prices for part of the route' });
    const accraNkawkaw = () => screen.getByLabelText('Kwame Nkrumah Circle → Nkawkaw') as HTMLInputElement;
    const nkawkawKejetia = () => screen.getByLabelText('Nkawkaw → Kejetia') as HTMLInputElement;
    // The whole route is the ride's price: only the parts through the stop are offered.
    expect(legs.querySelectorAll('input')).toHaveLength(2);
    await user.click(screen.getByRole('radio', { name: /2019 Toyota Corolla/ }));
    await user.type(seats(), '3');
    await user.type(price(), '150');
    expect(legs.textContent).toContain('Suggested GH₵85.00');
    expect(legs.textContent).toContain('Suggested GH₵65.00');

    await user.type(nkawkawKejetia(), '600');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(screen.getByText(rideMessages.legPriceAboveCap('Nkawkaw', 'Kejetia', '585.00'))).toBeTruthy();
    expect(nkawkawKejetia().getAttribute('aria-invalid')).toBe('true');

    await user.clear(nkawkawKejetia());
    await user.type(nkawkawKejetia(), '60.5');
    expect(accraNkawkaw().value).toBe('');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await screen.findByRole('heading', { level: 1, name: 'Review and Post Ride' });
    expect(readDraft(driver.id, 'seatsPrice')?.legPrices).toEqual({ places: ['Kwame Nkrumah Circle', 'Nkawkaw', 'Kejetia'], prices: { '1-2': '60.5' } });
  });

  it('offers no leg prices for a route without stops', async () => {
    seedDraft({ route: { stops: [] } });
    wizardApi();
    open();
    await form();
    expect(screen.queryByRole('group', { name: 'Prices for part of the route' })).toBeNull();
  });

  it('chooses the only vehicle for a driver who has one', async () => {
    wizardApi({ 'GET /api/vehicles': { status: 200, body: [corolla] } });
    open();
    await form();
    expect((screen.getByRole('radio', { name: /2019 Toyota Corolla/ }) as HTMLInputElement).checked).toBe(true);
    expect(seats().max).toBe('3');
  });

  it('lets the driver go on when the price guide cannot be had (the server still checks the cap)', async () => {
    wizardApi({ 'POST /api/rides/price-guide': { status: 503, body: { message: 'Unavailable' } } });
    const { user } = open();
    await form();
    await user.click(screen.getByRole('radio', { name: /2019 Toyota Corolla/ }));
    await user.type(seats(), '3');
    await user.type(price(), '150');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await screen.findByRole('heading', { level: 1, name: 'Review and Post Ride' });
    expect(screen.queryByText(/Recommended:/)).toBeNull();
  });
});
