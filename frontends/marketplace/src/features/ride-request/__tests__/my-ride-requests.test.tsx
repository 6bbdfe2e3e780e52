import { findToast } from '@krom/ui-kit/testing/find-toast.ts';
import { renderRoutes } from '@krom/ui-kit/testing/render-routes.tsx';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { routes } from '../../../app/routes.tsx';
import { aRideRequest, heldAnswer, rideRequestsApi } from './ride-requests-api.ts';

// The screen loads lazily, as in the browser; compiling it once up front keeps that cost out of
// the first test's time limit on a busy machine.
beforeAll(() => import('../../../app/passenger-rides-route.tsx'), 30_000);

const tamale = aRideRequest({
  fromLocation: 'Kaneshie Station',
  toLocation: 'Tamale',
  preferredDepartureDate: '2026-12-24',
  passengers: 3,
  maxPricePerSeat: '150.00',
  notes: 'Two bags',
  notifyByEmail: true,
  notifyBySMS: true,
  // The end of the preferred day in Ghana, as the rides service sets it.
  expiresAt: '2026-12-24T23:59:59.999Z',
});
const kumasi = aRideRequest({ fromLocation: 'Accra', toLocation: 'Kumasi', notifyByEmail: false, notifyBySMS: false });

function openPassengerRides(...args: Parameters<typeof rideRequestsApi>) {
  const api = rideRequestsApi(...args);
  return { api, ...renderRoutes(routes, '/rides/as-passenger') };
}

const section = () => screen.getByRole('region', { name: 'Ride requests' });

describe('/rides/as-passenger: ride requests', () => {
  it('lists the active requests: route, date or Any date, passengers, price limit, how the user will hear, expiry', async () => {
    openPassengerRides({ stored: [tamale, kumasi] });
    const first = await screen.findByRole('listitem', { name: 'Kaneshie Station → Tamale' });
    expect(within(first).getByRole('heading', { level: 3, name: 'Kaneshie Station → Tamale' })).toBeTruthy();
    for (const text of ['Thu, Dec 24, 2026', '3 passengers', 'Up to GH₵150.00 per seat', 'Notify by e-mail and SMS', 'Expires Thu, Dec 24, 2026', 'Two bags']) {
      expect(within(first).getByText(text)).toBeTruthy();
    }
    const second = screen.getByRole('listitem', { name: 'Accra → Kumasi' });
    for (const text of ['Any date', '1 passenger', 'Notifications in Krom only', 'Expires Sun, Dec 20, 2026']) {
      expect(within(second).getByText(text)).toBeTruthy();
    }
    expect(within(second).queryByText(/^Up to/)).toBeNull();
    // Newest first, as the server answers.
    expect(within(section()).getAllByRole('heading', { level: 3 }).map((heading) => heading.textContent)).toEqual([
      'Kaneshie Station → Tamale',
      'Accra → Kumasi',
    ]);
  });

  it('shows the rides each request matched, each linking to its preview with the request\'s passengers as seats', async () => {
    const matched = aRideRequest({
      fromLocation: 'Kaneshie Station',
      toLocation: 'Kejetia Market',
      passengers: 2,
      matchedRides: [
        { id: '3c1d2e4f-5a6b-4c7d-8e9f-000000000001', fromCity: 'Accra', toCity: 'Kumasi', departureDate: '2026-11-28', departureTime: '07:30', pricePerSeat: '120.00', currency: 'GHS', availableSeats: 3 },
        { id: '3c1d2e4f-5a6b-4c7d-8e9f-000000000002', fromCity: 'Accra', toCity: 'Kumasi', departureDate: '2026-11-29', departureTime: '14:05', pricePerSeat: '95.50', currency: 'GHS', availableSeats: 1 },
      ],
    });
    openPassengerRides({ stored: [matched, kumasi] });
    const card = await screen.findByRole('listitem', { name: 'Kaneshie Station → Kejetia Market' });
    const matches = within(card).getByRole('region', { name: 'Matching rides' });
    expect(within(matches).getAllByRole('link').map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Accra → KumasiSat, Nov 28, 2026 · 7:30 AMGH₵120.00 per seat · 3 seats left', '/ride-preview/3c1d2e4f-5a6b-4c7d-8e9f-000000000001?seats=2'],
      ['Accra → KumasiSun, Nov 29, 2026 · 2:05 PMGH₵95.50 per seat · 1 seat left', '/ride-preview/3c1d2e4f-5a6b-4c7d-8e9f-000000000002?seats=2'],
    ]);
    const unmatched = screen.getByRole('listitem', { name: 'Accra → Kumasi' });
    expect(within(unmatched).queryByRole('region', { name: 'Matching rides' })).toBeNull();
    expect(within(unmatched).getByText("No matching ride yet. We'll tell you when one is posted.")).toBeTruthy();
  });

  it('says so when there are none', async () => {
    openPassengerRides();
    expect(await within(await screen.findByRole('region', { name: 'Ride requests' })).findByText('No ride requests')).toBeTruthy();
    expect(within(section()).queryByRole('list')).toBeNull();
  });

  it('says the requests could not be loaded, and asks again', async () => {
    let attempts = 0;
    const { user } = openPassengerRides({
      stored: [kumasi],
      overrides: {
        'GET /api/ride-requests/mine': () => {
          attempts += 1;
          return attempts === 1 ? { status: 500, body: { message: 'Internal error' } } : { status: 200, body: { requests: [kumasi] } };
        },
      },
    });
    expect(await screen.findByText('Your ride requests could not be loaded.')).toBeTruthy();
    await user.click(within(section()).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('listitem', { name: 'Accra → Kumasi' })).toBeTruthy();
  });

  it('cancels a request after asking; Keep Request keeps it', async () => {
    const { api, user } = openPassengerRides({ stored: [tamale, kumasi] });
    const card = await screen.findByRole('listitem', { name: 'Accra → Kumasi' });
    const cancel = within(card).getByRole('button', { name: 'Cancel Request' });

    await user.click(cancel);
    let question = screen.getByRole('alertdialog', { name: 'Cancel this ride request?' });
    expect(within(question).getByText('Accra → Kumasi, Any date. You will no longer hear about rides matching it.')).toBeTruthy();
    // The safe answer has the focus.
    expect(document.activeElement).toBe(within(question).getByRole('button', { name: 'Keep Request' }));
    await user.click(within(question).getByRole('button', { name: 'Keep Request' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(api.callsTo('DELETE', `/api/ride-requests/${kumasi.id}`)).toHaveLength(0);

    await user.click(cancel);
    question = screen.getByRole('alertdialog', { name: 'Cancel this ride request?' });
    await user.click(within(question).getByRole('button', { name: 'Cancel Request' }));
    expect(await findToast()).toEqual({ text: 'Ride Request CancelledYou will no longer hear about rides for Accra → Kumasi.', destructive: false });
    await waitFor(() => expect(screen.queryByRole('listitem', { name: 'Accra → Kumasi' })).toBeNull());
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(screen.getByRole('listitem', { name: 'Kaneshie Station → Tamale' })).toBeTruthy();
    expect(api.callsTo('DELETE', `/api/ride-requests/${kumasi.id}`)).toHaveLength(1);
  });

  it('says Cancelling... while the cancel is on its way, and the server’s message when it is refused', async () => {
    const held = heldAnswer({ status: 404, body: { message: 'Ride request not found' } });
    const { user } = openPassengerRides({ stored: [kumasi], overrides: { [`DELETE /api/ride-requests/${kumasi.id}`]: held.handler } });
    await user.click(within(await screen.findByRole('listitem', { name: 'Accra → Kumasi' })).getByRole('button', { name: 'Cancel Request' }));
    const question = screen.getByRole('alertdialog', { name: 'Cancel this ride request?' });
    await user.click(within(question).getByRole('button', { name: 'Cancel Request' }));
    expect((within(question).getByRole('button', { name: 'Cancelling...' }) as HTMLButtonElement).disabled).toBe(true);

    held.release();
    expect(await findToast()).toEqual({ text: 'ErrorRide request not found', destructive: true });
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });
});
