import { messageMessages } from '@krom/contracts/http/message-values';
import { mockApi } from '@krom/ui-kit/testing/mock-api.ts';
import { renderRoutes } from '@krom/ui-kit/testing/render-routes.tsx';
import { aUser, frameAnswers } from '@krom/ui-kit/testing/signed-in-api.ts';
import { screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { routes } from '../../../app/routes.tsx';
import { aRideWithDetails, driverRide, rideDetailsOf } from '../../../components/__tests__/ride-fixtures.ts';
import { aConversation, aMessage, summaryOf } from './message-fixtures.ts';

beforeAll(() => Promise.all([import('../components/ride-conversation-page.tsx'), import('../components/conversation-page.tsx')]), 30_000);

const loginRoute = { path: '/login', Component: () => <h1>Log in</h1> };

describe('/messages/ride/{rideId} (Contact Driver)', () => {
  it('starts the conversation with the driver on the first message, then shows it as the server stored it', async () => {
    const ride = aRideWithDetails({ driverName: 'Kofi Boateng' });
    const started = aConversation({ ride: { ...ride, departureAt: `${ride.departureDate}T${ride.departureTime}:00.000Z` } });
    let conversations: ReturnType<typeof summaryOf>[] = [];
    const api = mockApi({
      ...frameAnswers(aUser()),
      'GET /api/messages': () => ({ status: 200, body: { conversations } }),
      [`GET /api/rides/${ride.id}`]: { status: 200, body: ride },
      [`POST /api/rides/${ride.id}/messages`]: ({ body }) => {
        const message = aMessage(started.id, (body as { body: string }).body.replace(/0\d{9}/, '[hidden until booked]'), { mine: true, masked: true });
        started.messages = [message];
        conversations = [summaryOf(started)];
        return { status: 201, body: message };
      },
      [`GET /api/messages/${started.id}`]: () => ({ status: 200, body: started }),
    });
    const { user, router } = renderRoutes(routes, `/messages/ride/${ride.id}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Kofi' })).toBeTruthy();
    expect(screen.getByText('Write the first message below.')).toBeTruthy();
    expect(screen.getByRole('note').textContent).toBe(messageMessages.masked);
    await user.type(screen.getByRole('textbox', { name: 'Message' }), 'Is 0241234567 fine for pickup calls?');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    const thread = await screen.findByRole('list', { name: 'Messages with Kofi' });
    expect(within(thread).getByRole('listitem', { name: 'You' }).textContent).toContain('Is [hidden until booked] fine for pickup calls?');
    expect(router.state.location.pathname).toBe(`/messages/${started.id}`);
    expect(api.callsTo('POST', `/api/rides/${ride.id}/messages`).map((call) => call.body)).toEqual([{ body: 'Is 0241234567 fine for pickup calls?' }]);
  });

  it('opens the conversation already started about the ride', async () => {
    const ride = aRideWithDetails();
    const existing = aConversation({ ride: { ...ride, departureAt: '2026-11-28T07:30:00.000Z' } }, [{ body: 'Yes, one small bag.' }]);
    mockApi({
      ...frameAnswers(aUser()),
      'GET /api/messages': { status: 200, body: { conversations: [summaryOf(existing)] } },
      [`GET /api/rides/${ride.id}`]: { status: 200, body: ride },
      [`GET /api/messages/${existing.id}`]: { status: 200, body: existing },
    });
    const { router } = renderRoutes(routes, `/messages/ride/${ride.id}`);
    expect(await screen.findByText('Yes, one small bag.')).toBeTruthy();
    expect(router.state.location.pathname).toBe(`/messages/${existing.id}`);
  });

  it("offers no conversation about the member's own ride", async () => {
    const ride = rideDetailsOf(driverRide());
    mockApi({
      ...frameAnswers(aUser()),
      'GET /api/messages': { status: 200, body: { conversations: [] } },
      [`GET /api/rides/${ride.id}`]: { status: 200, body: ride },
    });
    renderRoutes(routes, `/messages/ride/${ride.id}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'This is your ride' })).toBeTruthy();
    expect(screen.queryByRole('textbox', { name: 'Message' })).toBeNull();
  });

  it('sends a guest to log in, asking for no messages', async () => {
    const ride = aRideWithDetails();
    const api = mockApi({ 'GET /api/auth/user': { status: 401, body: { message: 'Not signed in' } } });
    const { router } = renderRoutes([loginRoute, ...routes], `/messages/ride/${ride.id}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Log in' })).toBeTruthy();
    expect(router.state.location.search).toBe(`?next=${encodeURIComponent(`/messages/ride/${ride.id}`)}`);
    expect(api.calls.filter((call) => call.path.startsWith('/api/messages'))).toEqual([]);
  });
});
