import type { RequestedRide } from '@krom/contracts/http/ride-requests';
import { requestedRideMessages } from '@krom/contracts/http/ride-request-values';
import { findToast } from '@krom/ui-kit/testing/find-toast.ts';
import { mockApi } from '@krom/ui-kit/testing/mock-api.ts';
import { renderRoutes } from '@krom/ui-kit/testing/render-routes.tsx';
import { aUser, frameAnswers } from '@krom/ui-kit/testing/signed-in-api.ts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { routes } from '../../../app/routes.tsx';

beforeAll(() => import('../components/requested-rides-page.tsx'), 30_000);

const rideId = '2b7c9d1e-4f3a-4b6c-8d9e-0f1a2b3c4d5e';
const laterRideId = '3c8d0e2f-5a4b-4c7d-9e0f-1a2b3c4d5e6f';
const fit = { rideId, fromCity: 'Accra', toCity: 'Kumasi', departureDate: '2026-12-04', departureTime: '08:00', pricePerSeat: '50.00', currency: 'GHS', availableSeats: 3, invited: false };

const ama: RequestedRide = {
  requestId: '4d2a6f3b-7c1e-4a5b-8c9d-3e4f5a6b7c8d',
  passengerFirstName: 'Ama',
  passengerRating: { average: 4.5, count: 2 },
  seats: 2,
  fromLocation: 'Accra',
  toLocation: 'Kumasi',
  preferredDepartureDate: '2026-12-04',
  flexibleDates: false,
  maxPricePerSeat: '60.00',
  notes: 'One bag',
  fits: [fit, { ...fit, rideId: laterRideId, departureDate: '2026-12-05' }],
};
const kofi: RequestedRide = {
  ...ama,
  requestId: '5e3b7a4c-8d2f-4b6c-9d0e-4f5a6b7c8d9e',
  passengerFirstName: 'Kofi',
  passengerRating: { average: null, count: 0 },
  seats: 1,
  preferredDepartureDate: null,
  maxPricePerSeat: null,
  notes: null,
  fits: [fit],
};

/** The driver's BFF: the list as the rides service keeps it; accepting marks the fit invited, declining hides the request. */
function requestedRidesApi(stored: RequestedRide[], overrides: Parameters<typeof mockApi>[0] = {}) {
  let requests = structuredClone(stored);
  const routes: Parameters<typeof mockApi>[0] = {
    ...frameAnswers(aUser()),
    'GET /api/driver/requested-rides': () => ({ status: 200, body: { requests } }),
  };
  for (const request of stored) {
    routes[`POST /api/driver/requested-rides/${request.requestId}/accept`] = ({ body }) => {
      const chosen = (body as { rideId: string }).rideId;
      requests = requests.map((one) =>
        one.requestId === request.requestId ? { ...one, fits: one.fits.map((f) => (f.rideId === chosen ? { ...f, invited: true } : f)) } : one,
      );
      return { status: 200, body: { requestId: request.requestId, rideId: chosen, invitedAt: '2026-11-28T10:00:00.000Z' } };
    };
    routes[`POST /api/driver/requested-rides/${request.requestId}/decline`] = () => {
      requests = requests.filter((one) => one.requestId !== request.requestId);
      return { status: 200, body: { ok: true } };
    };
  }
  return mockApi({ ...routes, ...overrides });
}

const open = () => renderRoutes(routes, '/requested-rides');

describe('/requested-rides', () => {
  it("shows each request with the passenger's first name, rating or New, seats, date, price limit and the rides it fits", async () => {
    requestedRidesApi([ama, kofi]);
    open();
    const first = await screen.findByRole('listitem', { name: 'Ama: Accra → Kumasi' });
    for (const text of ['Ama', '★ 4.5 (2 reviews)', 'Fri, Dec 4, 2026', '2 seats', 'Up to GH₵60.00 per seat', 'One bag']) {
      expect(within(first).getByText(text)).toBeTruthy();
    }
    expect(within(first).getAllByRole('button', { name: /^Accept:/ })).toHaveLength(2);
    const second = screen.getByRole('listitem', { name: 'Kofi: Accra → Kumasi' });
    for (const text of ['New', 'Any date', '1 seat', 'No price limit']) expect(within(second).getByText(text)).toBeTruthy();
  });

  it('Accept invites the passenger to the chosen ride and marks it Invited', async () => {
    const api = requestedRidesApi([ama]);
    open();
    const card = await screen.findByRole('listitem', { name: 'Ama: Accra → Kumasi' });
    const [, later] = within(card).getAllByRole('button', { name: /^Accept:/ });
    await userEvent.click(later as HTMLElement);
    expect(await findToast()).toEqual({ text: requestedRideMessages.invited, destructive: false });
    expect(api.callsTo('POST', `/api/driver/requested-rides/${ama.requestId}/accept`).map((call) => call.body)).toEqual([{ rideId: laterRideId }]);
    await waitFor(() => expect(within(card).getByText('Invited')).toBeTruthy());
    expect(within(card).getAllByRole('button', { name: /^Accept:/ })).toHaveLength(1);
  });

  it("Decline hides the request; the last one gone shows the empty state", async () => {
    requestedRidesApi([ama]);
    open();
    const card = await screen.findByRole('listitem', { name: 'Ama: Accra → Kumasi' });
    await userEvent.click(within(card).getByRole('button', { name: 'Decline' }));
    expect(await findToast()).toEqual({ text: requestedRideMessages.declined, destructive: false });
    expect(await screen.findByText(requestedRideMessages.empty)).toBeTruthy();
  });

  it("tells the driver in the server's words when an acceptance is refused", async () => {
    requestedRidesApi([ama], {
      [`POST /api/driver/requested-rides/${ama.requestId}/accept`]: { status: 409, body: { message: requestedRideMessages.noSeatsLeft } },
    });
    open();
    const card = await screen.findByRole('listitem', { name: 'Ama: Accra → Kumasi' });
    await userEvent.click(within(card).getAllByRole('button', { name: /^Accept:/ })[0] as HTMLElement);
    expect(await findToast()).toEqual({ text: `Error${requestedRideMessages.noSeatsLeft}`, destructive: true });
  });

  it('shows the empty state when no request fits', async () => {
    requestedRidesApi([]);
    open();
    expect(await screen.findByText(requestedRideMessages.empty)).toBeTruthy();
  });
});
