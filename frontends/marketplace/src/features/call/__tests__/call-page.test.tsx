import { contactMessages } from '@krom/contracts/http/bookings';
import { mockApi } from '@krom/ui-kit/testing/mock-api.ts';
import { renderRoutes } from '@krom/ui-kit/testing/render-routes.tsx';
import { aUser, frameAnswers } from '@krom/ui-kit/testing/signed-in-api.ts';
import { screen } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { routes } from '../../../app/routes.tsx';

beforeAll(() => import('../components/call-page.tsx'), 30_000);

const bookingId = '5b6c7d8e-9f0a-4b1c-8d2e-3f4a5b6c7d8e';
const elsewhere = [{ path: '/login', Component: () => <h1>Log in</h1> }];

function openCall(answer: { status: number; body: unknown }, signedIn = true) {
  const api = mockApi({
    ...(signedIn ? frameAnswers(aUser()) : { 'GET /api/auth/user': { status: 401, body: { message: 'Not signed in' } } }),
    [`GET /api/bookings/${bookingId}/contact`]: answer,
  });
  return { api, ...renderRoutes([...elsewhere, ...routes], `/call/${bookingId}`) };
}

describe('/call/{id}', () => {
  it('shows the driver number with a tel: link, and until when it is shared', async () => {
    openCall({ status: 200, body: { role: 'driver', firstName: 'Kofi', phone: '0201112233', availableUntil: '2026-12-02T07:30:00.000Z' } });
    expect(await screen.findByRole('heading', { level: 1, name: 'Call Kofi' })).toBeTruthy();
    expect(screen.getByText('Kofi is your driver.')).toBeTruthy();
    expect(screen.getByRole('link', { name: '0201112233' }).getAttribute('href')).toBe('tel:0201112233');
    expect(screen.getByText('Shown until Wed 2 Dec, 07:30.')).toBeTruthy();
  });

  it('says why the number is not shown, as the server put it, with no number to call', async () => {
    const reason = contactMessages.tooEarly('2026-11-30 07:30');
    openCall({ status: 403, body: { message: reason } });
    expect(await screen.findByRole('heading', { level: 1, name: 'Phone number not shown' })).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe(reason);
    expect(screen.queryByRole('link', { name: /^0\d{9}$/ })).toBeNull();
  });

  it('says a booking that is not the member’s is not found', async () => {
    openCall({ status: 404, body: { message: 'Booking not found' } });
    expect(await screen.findByRole('heading', { level: 1, name: 'Booking not found' })).toBeTruthy();
  });

  it('sends a guest to log in without asking for any number', async () => {
    const { api } = openCall({ status: 401, body: { message: 'Not signed in' } }, false);
    expect(await screen.findByRole('heading', { level: 1, name: 'Log in' })).toBeTruthy();
    expect(api.callsTo('GET', `/api/bookings/${bookingId}/contact`)).toEqual([]);
  });
});
