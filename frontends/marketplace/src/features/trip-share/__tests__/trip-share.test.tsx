import type { TripShare } from '@krom/contracts/http/trip-shares';
import { findToast } from '@krom/ui-kit/testing/find-toast.ts';
import { mockApi } from '@krom/ui-kit/testing/mock-api.ts';
import { renderRoutes } from '@krom/ui-kit/testing/render-routes.tsx';
import { aUser, frameAnswers } from '@krom/ui-kit/testing/signed-in-api.ts';
import { screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { routes } from '../../../app/routes.tsx';
import { aBooking } from '../../../components/__tests__/booking-fixtures.ts';

beforeAll(
  () =>
    Promise.all([
      import('../../../app/passenger-rides-route.tsx'),
      import('../components/emergency-page.tsx'),
      import('../components/shared-trip-page.tsx'),
      import('../../../components/boarding-qr.tsx'),
    ]),
  30_000,
);

const elsewhere = [
  { path: '/login', Component: () => <h1>Log in</h1> },
  { path: '/edit-profile', Component: () => <h1>My Profile</h1> },
];
const withContact = { emergencyContactName: 'Kwame Mensah', emergencyContactPhone: '0201234567' };
const TOKEN = 'AbCdEfGhIjKlMnOpQrStUvWxYz0123456789-_AbCd';
const aShare = (overrides: Partial<TripShare> = {}): TripShare => ({
  bookingId: '',
  link: `/trip/${TOKEN}`,
  expiresAt: '2030-11-28T13:40:00.000Z',
  textContactAtDeparture: false,
  contactTextedAt: null,
  ...overrides,
});

describe('Share my trip on My Rides', () => {
  it('shares a confirmed booking’s trip, texted to the emergency contact at departure, shows the link, and ends it on I’ve arrived', async () => {
    const booking = aBooking({ status: 'confirmed' });
    const sharePath = `/api/bookings/${booking.id}/trip-share`;
    const api = mockApi({
      ...frameAnswers(aUser(withContact)),
      'GET /api/ride-requests/mine': { status: 200, body: { requests: [] } },
      'GET /api/bookings/mine': { status: 200, body: { bookings: [booking] } },
      [`GET ${sharePath}`]: { status: 404, body: { message: 'This trip is not shared.' } },
      [`POST ${sharePath}`]: ({ body }) => ({ status: 200, body: aShare({ bookingId: booking.id, ...(body as object) }) }),
      [`POST ${sharePath}/end`]: { status: 200, body: { ended: true } },
    });
    const { user } = renderRoutes([...elsewhere, ...routes], '/my-rides');
    const card = await screen.findByRole('listitem', { name: 'Accra → Kumasi' });
    await user.click(await within(card).findByRole('checkbox', { name: /Text this link to my emergency contact when we leave/ }));
    await user.click(within(card).getByRole('button', { name: 'Share my trip' }));

    const link = await within(card).findByRole('textbox', { name: 'Trip link' });
    expect((link as HTMLInputElement).value).toBe(`${window.location.origin}/trip/${TOKEN}`);
    expect(api.calls.find((call) => call.method === 'POST' && call.path === sharePath)?.body).toEqual({ textContactAtDeparture: true });
    expect((within(card).getByRole('checkbox', { name: /emergency contact/ }) as HTMLInputElement).checked).toBe(true);
    expect(within(card).getByRole('link', { name: 'Emergency' }).getAttribute('href')).toBe(`/emergency/${booking.id}`);

    await user.click(within(card).getByRole('button', { name: "I've arrived" }));
    expect((await findToast()).text).toContain('Your trip is no longer shared.');
    expect(await within(card).findByRole('button', { name: 'Share my trip' })).toBeTruthy();
    expect(within(card).queryByRole('textbox', { name: 'Trip link' })).toBeNull();
  });

  it('offers no sharing on a cancelled booking, and asks a member without an emergency contact to add one', async () => {
    const active = aBooking({ status: 'confirmed', rideFrom: 'Ho', rideTo: 'Aflao' });
    const cancelled = aBooking({ status: 'cancelled_by_passenger' });
    mockApi({
      ...frameAnswers(aUser()),
      'GET /api/ride-requests/mine': { status: 200, body: { requests: [] } },
      'GET /api/bookings/mine': { status: 200, body: { bookings: [active, cancelled] } },
      [`GET /api/bookings/${active.id}/trip-share`]: { status: 404, body: { message: 'This trip is not shared.' } },
    });
    renderRoutes([...elsewhere, ...routes], '/my-rides');
    const card = await screen.findByRole('listitem', { name: 'Ho → Aflao' });
    const choice = (await within(card).findByRole('checkbox', { name: /emergency contact/ })) as HTMLInputElement;
    expect(choice.disabled).toBe(true);
    expect(within(card).getByRole('link', { name: 'Add an emergency contact' }).getAttribute('href')).toBe('/edit-profile');
    const other = screen.getByRole('listitem', { name: 'Accra → Kumasi' });
    expect(within(other).queryByRole('button', { name: 'Share my trip' })).toBeNull();
    expect(within(other).queryByRole('link', { name: 'Emergency' })).toBeNull();
  });
});

describe('/emergency/:id', () => {
  it("lists Ghana's emergency numbers as calls, and texts the emergency contact the trip link in one tap", async () => {
    const booking = aBooking({ status: 'boarded' });
    const api = mockApi({
      ...frameAnswers(aUser(withContact)),
      [`GET /api/bookings/${booking.id}`]: { status: 200, body: booking },
      [`POST /api/bookings/${booking.id}/trip-share/text-contact`]: { status: 200, body: { share: aShare({ bookingId: booking.id }), contactName: 'Kwame Mensah' } },
    });
    const { user } = renderRoutes([...elsewhere, ...routes], `/emergency/${booking.id}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Emergency' })).toBeTruthy();
    const calls = screen.getAllByRole('link').filter((link) => link.getAttribute('href')?.startsWith('tel:'));
    expect(calls.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Emergency 112', 'tel:112'],
      ['Police 191', 'tel:191'],
      ['Ambulance 193', 'tel:193'],
      ['Fire 192', 'tel:192'],
    ]);
    await user.click(await screen.findByRole('button', { name: 'Text Kwame Mensah my trip link' }));
    expect(await screen.findByText('Kwame Mensah has been sent your trip link.')).toBeTruthy();
    expect(api.calls.filter((call) => call.path.endsWith('/text-contact'))).toHaveLength(1);
  });

  it('sends a member without an emergency contact to their profile to add one', async () => {
    const booking = aBooking({ status: 'confirmed' });
    mockApi({ ...frameAnswers(aUser()), [`GET /api/bookings/${booking.id}`]: { status: 200, body: booking } });
    renderRoutes([...elsewhere, ...routes], `/emergency/${booking.id}`);
    expect(await screen.findByText('You have not saved an emergency contact yet.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Add an emergency contact' }).getAttribute('href')).toBe('/edit-profile');
    expect(screen.getByRole('link', { name: 'Police 191' }).getAttribute('href')).toBe('tel:191');
  });
});

describe('/trip/:token', () => {
  const signedOut = { 'GET /api/auth/user': { status: 401, body: { message: 'Not signed in' } } };

  it('shows a signed-out visitor the trip: route, departure, driver, car, plate, expected arrival and whether it has started', async () => {
    mockApi({
      ...signedOut,
      [`GET /api/trip-shares/${TOKEN}`]: {
        status: 200,
        body: {
          fromLocation: 'Circle VIP Bus Station',
          toLocation: 'Kejetia Lorry Park',
          places: ['Circle VIP Bus Station', 'Nkawkaw Lorry Station', 'Kejetia Lorry Park'],
          departureAt: '2030-11-28T07:30:00.000Z',
          departureDate: '2030-11-28',
          departureTime: '07:30',
          expectedArrivalAt: '2030-11-28T11:40:00.000Z',
          driverFirstName: 'Kofi',
          vehicle: { make: 'Toyota', model: 'Corolla', color: 'Silver', licensePlate: 'GT-1234-21' },
          progress: 'on_the_way',
          expiresAt: '2030-11-28T13:40:00.000Z',
        },
      },
    });
    renderRoutes([...elsewhere, ...routes], `/trip/${TOKEN}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Circle VIP Bus Station to Kejetia Lorry Park' })).toBeTruthy();
    const facts = screen.getByRole('main').textContent ?? '';
    for (const text of ['On the way', 'Thu, Nov 28, 2030 at 7:30 AM', 'Thu, Nov 28, 2030 at 11:40 AM', 'Kofi', 'Silver Toyota Corolla', 'GT-1234-21', 'Nkawkaw Lorry Station']) {
      expect(facts).toContain(text);
    }
  });

  it('says when the link has ended, and when it was never made', async () => {
    mockApi({
      ...signedOut,
      [`GET /api/trip-shares/${TOKEN}`]: { status: 410, body: { message: 'This trip link has ended.' } },
      'GET /api/trip-shares/unknown': { status: 404, body: { message: 'Trip link not found.' } },
    });
    renderRoutes([...elsewhere, ...routes], `/trip/${TOKEN}`);
    expect(await screen.findByText('This trip link has ended.')).toBeTruthy();
    renderRoutes([...elsewhere, ...routes], '/trip/unknown');
    expect(await screen.findByText('Trip link not found.')).toBeTruthy();
  });
});
