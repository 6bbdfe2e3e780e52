import { mockApi } from '@krom/ui-kit/testing/mock-api.ts';
import { renderRoutes } from '@krom/ui-kit/testing/render-routes.tsx';
import { aUser, frameAnswers } from '@krom/ui-kit/testing/signed-in-api.ts';
import { screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { routes } from '../../../app/routes.tsx';
import { aReviewToWrite } from '../../../components/__tests__/review-fixtures.ts';

// The screen loads lazily, as in the browser; compiling it once up front keeps that cost out of the first test's time limit.
beforeAll(() => import('../components/rate-riders-page.tsx'), 30_000);

const elsewhere = [{ path: '/login', Component: () => <h1>Log in</h1> }];
const rideId = '00000000-0000-4000-8000-000000000777';
const ama = aReviewToWrite();
const yaw = aReviewToWrite({ reviewee: { id: '2b3c4d5e-6f7a-4b8c-9d0e-1f2a3b4c5d6e', firstName: 'Yaw', profileImageUrl: null } });

/** /rate-riders for Kofi, the driver, whose ride still has `toWrite` passengers to rate; each review sent leaves the list. */
function openRateRiders(toWrite = [ama, yaw], review: Parameters<typeof mockApi>[0][string] = { status: 201, body: {} }) {
  let open = toWrite;
  const api = mockApi({
    ...frameAnswers(aUser({ firstName: 'Kofi' })),
    'GET /api/reviews/to-write': ({ query }) => ({ status: query.get('rideId') === rideId ? 200 : 400, body: { reviews: open } }),
    ...Object.fromEntries(
      toWrite.map((passenger) => [
        `POST /api/bookings/${passenger.bookingId}/review`,
        async (request: Parameters<Extract<typeof review, (...args: never) => unknown>>[0]) => {
          const answer = typeof review === 'function' ? await review(request) : review;
          if (answer.status === 201) open = open.filter((left) => left.bookingId !== passenger.bookingId);
          return answer;
        },
      ]),
    ),
  });
  return { api, ...renderRoutes([...elsewhere, ...routes], `/rate-riders/${rideId}`) };
}

describe('/rate-riders/{rideId}', () => {
  it('sends a signed-out visitor to /login', async () => {
    mockApi({ 'GET /api/auth/user': { status: 401, body: { message: 'Not signed in' } } });
    const { router } = renderRoutes([...elsewhere, ...routes], `/rate-riders/${rideId}`);
    expect(await screen.findByRole('heading', { name: 'Log in' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/login');
  });

  it('lists each passenger still to rate with five stars as one radio group and a comment', async () => {
    openRateRiders();
    expect(await screen.findByRole('heading', { level: 1, name: 'Rate your passengers' })).toBeTruthy();
    expect(screen.getByText('Accra → Kumasi · Fri, Oct 2, 2026 · 7:30 AM')).toBeTruthy();
    const card = screen.getByRole('listitem', { name: 'Ama' });
    const stars = within(card).getByRole('radiogroup', { name: 'Rating' });
    expect(within(stars).getAllByRole('radio')).toHaveLength(5);
    for (const name of ['1 star', '2 stars', '3 stars', '4 stars', '5 stars']) expect(within(stars).getByRole('radio', { name }).hasAttribute('checked')).toBe(false);
    expect(within(card).getByRole('textbox', { name: 'Comment about this passenger' })).toBeTruthy();
    expect(screen.getByRole('listitem', { name: 'Yaw' })).toBeTruthy();
  });

  it("shows the contract's messages and sends nothing while the rating or comment is missing", async () => {
    const { api, user } = openRateRiders();
    const card = await screen.findByRole('listitem', { name: 'Ama' });
    await user.click(within(card).getByRole('button', { name: 'Submit review' }));
    expect(within(card).getByText('Rating must be 1 to 5')).toBeTruthy();
    expect(within(card).getByText('Comment must be at least 10 characters')).toBeTruthy();
    await user.click(within(card).getByRole('radio', { name: '4 stars' }));
    await user.type(within(card).getByRole('textbox', { name: 'Comment about this passenger' }), 'Too short');
    await user.click(within(card).getByRole('button', { name: 'Submit review' }));
    expect(within(card).queryByText('Rating must be 1 to 5')).toBeNull();
    expect(within(card).getByText('Comment must be at least 10 characters')).toBeTruthy();
    expect(api.callsTo('POST', `/api/bookings/${ama.bookingId}/review`)).toHaveLength(0);
  });

  it('sends one passenger’s review, says it stays hidden until they review too, and ends with All passengers rated', async () => {
    const { api, user } = openRateRiders();
    const amaCard = await screen.findByRole('listitem', { name: 'Ama' });
    await user.click(within(amaCard).getByRole('radio', { name: '5 stars' }));
    await user.type(within(amaCard).getByRole('textbox', { name: 'Comment about this passenger' }), '  On time and friendly.  ');
    await user.click(within(amaCard).getByRole('button', { name: 'Submit review' }));
    expect((await within(amaCard).findByRole('status')).textContent).toBe(
      'Thank you. Your review stays hidden until Ama reviews you too or 14 days pass, so neither of you writes knowing what the other wrote.',
    );
    expect(api.callsTo('POST', `/api/bookings/${ama.bookingId}/review`).map((call) => call.body)).toEqual([
      { rating: 5, comment: 'On time and friendly.' },
    ]);
    expect(screen.queryByText('All passengers rated')).toBeNull();

    const yawCard = screen.getByRole('listitem', { name: 'Yaw' });
    await user.click(within(yawCard).getByRole('radio', { name: '3 stars' }));
    await user.type(within(yawCard).getByRole('textbox', { name: 'Comment about this passenger' }), 'Came late to the station.');
    await user.click(within(yawCard).getByRole('button', { name: 'Submit review' }));
    expect(await screen.findByText('All passengers rated')).toBeTruthy();
    expect(within(screen.getByRole('listitem', { name: 'Ama' })).getByRole('status')).toBeTruthy();
  });

  it("shows the server's refusal, such as a review already written", async () => {
    const { user } = openRateRiders([ama], { status: 409, body: { message: 'You have already reviewed this trip' } });
    const card = await screen.findByRole('listitem', { name: 'Ama' });
    await user.click(within(card).getByRole('radio', { name: '2 stars' }));
    await user.type(within(card).getByRole('textbox', { name: 'Comment about this passenger' }), 'Loud phone calls all the way.');
    await user.click(within(card).getByRole('button', { name: 'Submit review' }));
    expect((await within(card).findByRole('alert')).textContent).toBe('You have already reviewed this trip');
  });

  it('says when nobody is left to rate', async () => {
    openRateRiders([]);
    expect(await screen.findByText('No passengers left to rate')).toBeTruthy();
  });
});
