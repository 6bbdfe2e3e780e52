import type { Review } from '@krom/contracts/http/reviews';
import { findToast } from '@krom/ui-kit/testing/find-toast.ts';
import { mockApi } from '@krom/ui-kit/testing/mock-api.ts';
import { renderRoutes } from '@krom/ui-kit/testing/render-routes.tsx';
import { aUser, frameAnswers } from '@krom/ui-kit/testing/signed-in-api.ts';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { routes } from '../../../app/routes.tsx';
import { aReview, ama, kwame, memberReviews } from '../../../components/__tests__/review-fixtures.ts';

// The screen loads lazily, as in the browser; compiling it once up front keeps that cost out of the first test's time limit.
beforeAll(() => import('../components/all-reviews-page.tsx'), 30_000);

const elsewhere = [{ path: '/login', Component: () => <h1>Log in</h1> }];
const kwameUser = aUser({ id: kwame.id, firstName: 'Kwame' });
const newest = aReview({ comment: 'Safe driving and on time.' });
const older = aReview({ comment: 'Waited for me at Nkawkaw.', reviewer: { ...ama, id: '3c4d5e6f-7a8b-4c9d-8e0f-1a2b3c4d5e6f', firstName: 'Efua' } });
const oldest = aReview({ comment: 'The car was clean and cool.', reviewer: { ...ama, id: '4d5e6f7a-8b9c-4d0e-9f1a-2b3c4d5e6f7a', firstName: 'Yaa' } });

/** /all-reviews for Kwame (or `path`): pages of his reviews by cursor; replies and reports as given. */
function openAllReviews(answers: Parameters<typeof mockApi>[0] = {}, path = '/all-reviews', viewer = kwameUser) {
  const api = mockApi({
    ...frameAnswers(viewer),
    [`GET /api/members/${kwame.id}/reviews`]: ({ query }) =>
      query.get('before') === 'page-2'
        ? { status: 200, body: memberReviews([oldest]) }
        : { status: 200, body: memberReviews([newest, older], 'page-2', { asDriver: { average: 4.6, count: 12 }, asPassenger: { average: 5, count: 1 } }) },
    ...answers,
  });
  return { api, ...renderRoutes([...elsewhere, ...routes], path) };
}

const items = () => within(screen.getByRole('list', { name: 'Reviews' })).getAllByRole('listitem');

describe('/all-reviews', () => {
  it('sends a signed-out visitor to /login for their own reviews', async () => {
    mockApi({ 'GET /api/auth/user': { status: 401, body: { message: 'Not signed in' } } });
    const { router } = renderRoutes([...elsewhere, ...routes], '/all-reviews');
    expect(await screen.findByRole('heading', { name: 'Log in' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/login');
  });

  it('shows the averages at the top and the reviews newest first, loading older ones by cursor on Load more', async () => {
    const { api, user } = openAllReviews();
    expect(await screen.findByRole('heading', { level: 1, name: 'All reviews' })).toBeTruthy();
    await screen.findByText('As a driver');
    expect(screen.getByText('As a driver').nextElementSibling?.textContent).toBe('★ 4.6 from 12 reviews');
    expect(screen.getByText('As a passenger').nextElementSibling?.textContent).toBe('★ 5.0 from 1 review');
    expect(items().map((item) => item.querySelector('h3')?.textContent)).toEqual(['Ama', 'Efua']);
    expect(items()[0]?.textContent).toContain('Safe driving and on time.');
    expect(items()[0]?.textContent).toContain('Accra → Kumasi');

    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByText('The car was clean and cool.')).toBeTruthy();
    expect(items().map((item) => item.querySelector('h3')?.textContent)).toEqual(['Ama', 'Efua', 'Yaa']);
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
    expect(api.calls.filter((call) => call.path === `/api/members/${kwame.id}/reviews`)).toHaveLength(2);
  });

  it('lets the member reviewed reply once: the reply shows and Reply goes away', async () => {
    let replied: Review | null = null;
    const { api, user } = openAllReviews({
      [`GET /api/members/${kwame.id}/reviews`]: () => ({ status: 200, body: memberReviews([replied ?? newest]) }),
      [`POST /api/reviews/${newest.id}/reply`]: ({ body }) => {
        replied = { ...newest, reply: { text: (body as { reply: string }).reply, repliedAt: '2026-10-04T09:00:00.000Z' } };
        return { status: 200, body: replied };
      },
    });
    const review = await screen.findByRole('listitem', { name: 'Ama' });
    await user.click(within(review).getByRole('button', { name: 'Reply' }));
    await user.click(within(review).getByRole('button', { name: 'Send reply' }));
    expect(within(review).getByText('Please write your reply')).toBeTruthy();
    expect(api.callsTo('POST', `/api/reviews/${newest.id}/reply`)).toHaveLength(0);

    await user.type(within(review).getByRole('textbox', { name: 'Your reply' }), 'Thank you, Ama!');
    await user.click(within(review).getByRole('button', { name: 'Send reply' }));
    const reply = await within(review).findByRole('region', { name: 'Reply from Kwame' });
    expect(reply.textContent).toContain('Thank you, Ama!');
    expect(within(review).queryByRole('button', { name: 'Reply' })).toBeNull();
    expect(api.callsTo('POST', `/api/reviews/${newest.id}/reply`).map((call) => call.body)).toEqual([{ reply: 'Thank you, Ama!' }]);
  });

  it("reports a review with a reason and shows the server's thanks", async () => {
    const { api, user } = openAllReviews({
      [`POST /api/reviews/${newest.id}/reports`]: { status: 201, body: { message: 'Thank you for your report. Our team will look into it.' } },
    });
    const review = await screen.findByRole('listitem', { name: 'Ama' });
    await user.click(within(review).getByRole('button', { name: 'Report' }));
    await user.click(within(review).getByRole('button', { name: 'Send report' }));
    expect(within(review).getByText('Please tell us why you are reporting this review')).toBeTruthy();
    await user.type(within(review).getByRole('textbox', { name: 'Why are you reporting this review?' }), 'It names my phone number.');
    await user.click(within(review).getByRole('button', { name: 'Send report' }));
    expect((await within(review).findByRole('status')).textContent).toBe('Thank you for your report. Our team will look into it.');
    expect(within(review).queryByRole('button', { name: 'Report' })).toBeNull();
    expect(api.callsTo('POST', `/api/reviews/${newest.id}/reports`).map((call) => call.body)).toEqual([{ reason: 'It names my phone number.' }]);
  });

  it("shows another member's reviews with ?member=, to a guest too, without Reply or Report", async () => {
    const { api } = openAllReviews({ 'GET /api/auth/user': { status: 401, body: { message: 'Not signed in' } } }, `/all-reviews?member=${kwame.id}`);
    expect(await screen.findByText('What members wrote about Kwame, newest first.')).toBeTruthy();
    expect(items()).toHaveLength(2);
    expect(screen.queryByRole('button', { name: 'Reply' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Report' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Block Ama' })).toBeNull();
    expect(api.callsTo('GET', `/api/members/${kwame.id}/reviews`)).toHaveLength(1);
  });

  it('offers a signed-in member Report but not Reply on a review of someone else', async () => {
    openAllReviews({}, `/all-reviews?member=${kwame.id}`, aUser({ firstName: 'Esi' }));
    const review = await screen.findByRole('listitem', { name: 'Ama' });
    expect(within(review).getByRole('button', { name: 'Report' })).toBeTruthy();
    expect(within(review).queryByRole('button', { name: 'Reply' })).toBeNull();
  });

  it("lets a signed-in member block or report a review's writer, from the review, but not themselves", async () => {
    const thanks = 'Thank you for your report. Our team will review it and take action if needed.';
    const { api, user } = openAllReviews({
      'POST /api/blocks': { status: 201, body: {} },
      [`POST /api/members/${ama.id}/reports`]: { status: 201, body: { message: thanks } },
    });
    const review = await screen.findByRole('listitem', { name: 'Ama' });
    // A review of Kwame as a driver: Ama wrote it as his passenger.
    await user.click(within(review).getByRole('button', { name: 'Block Ama' }));
    expect(within(review).getByRole('button', { name: 'Block Ama' }).textContent).toBe('Block passenger');
    await user.click(within(await screen.findByRole('alertdialog', { name: 'Block Ama?' })).getByRole('button', { name: 'Block' }));
    expect(await findToast()).toEqual({ text: 'Member blockedYou will no longer see Ama’s rides.', destructive: false });
    expect(api.callsTo('POST', '/api/blocks').map((call) => call.body)).toEqual([{ memberId: ama.id }]);

    await user.click(within(review).getByRole('button', { name: 'Report Ama' }));
    const dialog = await screen.findByRole('dialog', { name: 'Report Ama' });
    await user.click(within(dialog).getAllByRole('radio')[0]!);
    await user.click(within(dialog).getByRole('button', { name: 'Send report' }));
    await waitFor(() => expect(api.callsTo('POST', `/api/members/${ama.id}/reports`)).toHaveLength(1));
    expect(api.callsTo('POST', `/api/members/${ama.id}/reports`)[0]?.body).toMatchObject({ source: 'review', sourceId: newest.id });
  });

  it('offers no Block or Report of the writer to the writer, nor to a guest', async () => {
    openAllReviews({}, `/all-reviews?member=${kwame.id}`, aUser({ id: ama.id, firstName: 'Ama' }));
    const review = await screen.findByRole('listitem', { name: 'Ama' });
    expect(within(review).queryByRole('button', { name: 'Block Ama' })).toBeNull();
    expect(within(review).queryByRole('button', { name: 'Report Ama' })).toBeNull();
  });

  it('says so when there are no reviews yet', async () => {
    openAllReviews({ [`GET /api/members/${kwame.id}/reviews`]: { status: 200, body: memberReviews([]) } });
    expect(await screen.findByText('No reviews yet', { selector: 'strong' })).toBeTruthy();
  });
});
