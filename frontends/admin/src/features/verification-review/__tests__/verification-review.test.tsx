import type { ReviewQueueItem, ReviewSubmission } from '@krom/contracts/http/verification';
import { findToast } from '@krom/ui-kit/testing/find-toast.ts';
import { mockApi } from '@krom/ui-kit/testing/mock-api.ts';
import { renderRoutes } from '@krom/ui-kit/testing/render-routes.tsx';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { routes } from '../../../app/routes.tsx';
import { msUntilLinksRenew } from '../api/get-review-submission.ts';


const ama = { id: '5b4c9a57-62a5-4c3b-9a3e-1a2b3c4d5e6f', username: 'ama', roles: ['administrator'], createdAt: '2025-03-01T09:30:00.000Z' };
const kofi = { id: '7c4c9a57-62a5-4c3b-9a3e-1a2b3c4d5e70', username: 'kofi', createdAt: '2025-04-01T09:30:00.000Z' };
const submissionId = '3f2b1c0d-1111-4a3a-8d54-3c1f0f5b8d11';

const identityItem: ReviewQueueItem = {
  id: submissionId,
  kind: 'identity',
  status: 'pending',
  userId: '9a9b6a3e-2c4d-4e5f-8a9b-1c2d3e4f5a6b',
  userName: 'Abena Owusu',
  fullName: 'Abena Owusu',
  submittedAt: '2026-11-20T08:15:00.000Z',
  documentCount: 2,
  previousRejections: 1,
};
const driverItem: ReviewQueueItem = {
  id: '4f2b1c0d-2222-4a3a-8d54-3c1f0f5b8d12',
  kind: 'driver',
  status: 'pending',
  userId: '8a9b6a3e-2c4d-4e5f-8a9b-1c2d3e4f5a6c',
  userName: 'Yaw Boateng',
  fullName: 'Yaw Kwabena Boateng',
  submittedAt: '2026-11-21T10:00:00.000Z',
  documentCount: 4,
  previousRejections: 0,
};
const rejectedItem: ReviewQueueItem = { ...identityItem, id: '5f2b1c0d-3333-4a3a-8d54-3c1f0f5b8d13', status: 'rejected', fullName: 'Efua Sarpong', userName: 'Efua Sarpong', previousRejections: 0 };

const inFiveMinutes = () => new Date(Date.now() + 5 * 60_000).toISOString();
function aSubmission(overrides: Partial<ReviewSubmission> = {}): ReviewSubmission {
  return {
    ...driverItem,
    id: submissionId,
    previousRejections: 1,
    user: { firstName: 'Yaw', lastName: 'Boateng', email: 'yaw@example.com', phone: '0241234567', createdAt: '2026-10-02T12:00:00.000Z' },
    fields: {
      fullName: 'Yaw Kwabena Boateng',
      cardNumber: 'GHA-123456789-0',
      expiryDate: null,
      dateOfBirth: '1990-04-12',
      licenseNumber: 'DVLA-7788',
      licenseClass: 'B',
      licenseExpiryDate: '2029-06-30',
    },
    documents: [
      { id: 'a1b2c3d4-0000-4a3a-8d54-3c1f0f5b8d01', slot: 'ghanaCardFrontPhoto', label: 'Ghana card (front)', contentType: 'image/jpeg', url: '/api/admin/documents/d1?expires=1&signature=abc', expiresAt: inFiveMinutes() },
      { id: 'a1b2c3d4-0000-4a3a-8d54-3c1f0f5b8d02', slot: 'licenseFrontPhoto', label: "Driver's licence (front)", contentType: 'image/png', url: '/api/admin/documents/d2?expires=1&signature=def', expiresAt: inFiveMinutes() },
    ],
    photosDeletedAt: null,
    decision: null,
    history: [
      {
        id: '6f2b1c0d-4444-4a3a-8d54-3c1f0f5b8d14',
        status: 'rejected',
        submittedAt: '2026-11-01T09:00:00.000Z',
        decision: { decision: 'rejected', reason: 'The licence photo is blurry', decidedAt: '2026-11-02T09:00:00.000Z', decidedBy: kofi.id },
      },
    ],
    ...overrides,
  };
}

type Reply = { status: number; body: unknown };

/**
 * A signed-in admin's API. The queue answers by its `status` query (mockApi keys on the path
 * only), and every queue URL asked for is recorded.
 */
function staffApi(routes: Record<string, Reply | ((request: { body: unknown }) => Reply)> = {}, queue: ReviewQueueItem[] = [identityItem, driverItem, rejectedItem]) {
  const api = mockApi({
    'GET /api/admin/verify': { status: 200, body: { admin: ama } },
    'GET /api/admin/waitlist': { status: 200, body: [] },
    'GET /api/admin/staff-names': { status: 200, body: { staff: [ama, kofi].map(({ id, username }) => ({ id, username })) } },
    ...routes,
  });
  const answerByPath = globalThis.fetch;
  const queueUrls: string[] = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://krom.test');
    if (url.pathname !== '/api/admin/verifications') return answerByPath(input, init);
    queueUrls.push(`${url.pathname}${url.search}`);
    const status = url.searchParams.get('status') ?? 'pending';
    const body = { items: queue.filter((item) => item.status === status), pendingCount: queue.filter((item) => item.status === 'pending').length };
    return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
  });
  return { ...api, queueUrls };
}

async function openQueue() {
  const view = renderRoutes(routes, '/admin');
  await screen.findByText('No waitlist signups yet');
  await view.user.selectOptions(screen.getByRole('combobox', { name: 'Admin sections' }), 'Verifications (2)');
  return view;
}

const rowTexts = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell').map((cell) => cell.textContent));

describe('verification queue', () => {
  it('lists pending submissions with kind, name, time, photos and a resubmission marker, counted on the tab', async () => {
    staffApi();
    await openQueue();
    const table = await screen.findByRole('table', { name: undefined });
    expect(within(table).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(['Kind', 'Name', 'Submitted', 'Photos']);
    await within(table).findByText('Abena Owusu');
    const rows = rowTexts(table);
    expect(rows.map((row) => [row[0], row[3]])).toEqual([
      ['Identity', '2'],
      ['Driver', '4'],
    ]);
    expect(rows[0]?.[1]).toBe('Abena OwusuResubmitted');
    // The name on the card, and the account's own name when they differ.
    expect(rows[1]?.[1]).toBe('Yaw Kwabena BoatengAccount: Yaw Boateng');
    expect(rows[0]?.[2]).toMatch(/2026/);
    // On a phone each row is a card and each cell shows its column's name beside it.
    const labels = within(table).getAllByRole('row').slice(1).map((row) => within(row).getAllByRole('cell').map((cell) => cell.dataset.label));
    expect(labels).toEqual([
      ['Kind', 'Name', 'Submitted', 'Photos'],
      ['Kind', 'Name', 'Submitted', 'Photos'],
    ]);
    expect((screen.getByRole('combobox', { name: 'Status' }) as HTMLSelectElement).value).toBe('pending');
  });

  it('filters by status', async () => {
    const api = staffApi();
    const { user, router } = await openQueue();
    await screen.findByText('Abena Owusu');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'Rejected');
    expect(await screen.findByText('Efua Sarpong')).toBeTruthy();
    expect(screen.queryByText('Abena Owusu')).toBeNull();
    expect(api.queueUrls).toContain('/api/admin/verifications?status=rejected');
    expect(router.state.location.search).toBe('?tab=verifications&status=rejected');

    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'Approved');
    expect(await screen.findByText('No approved submissions')).toBeTruthy();
  });
});

describe('reviewing a submission', () => {
  it('opens from the queue with the fields, the user, the photos and the earlier submissions', async () => {
    staffApi({ [`GET /api/admin/verifications/${submissionId}`]: { status: 200, body: aSubmission() } });
    const { user, router } = await openQueue();
    await user.click(await screen.findByRole('link', { name: 'Abena Owusu' }));
    expect(await screen.findByRole('heading', { name: 'Driver verification' })).toBeTruthy();
    expect(router.state.location.pathname).toBe(`/admin/verifications/${submissionId}`);

    const details = within(screen.getByRole('region', { name: 'Submitted details' }));
    const value = (term: string) => details.getByText(term).nextElementSibling?.textContent;
    expect(value('Ghana card number')).toBe('GHA-123456789-0');
    expect(value('Full name')).toBe('Yaw Kwabena Boateng');
    expect(value('Date of birth')).toBe('Apr 12, 1990');
    expect(value('Licence number')).toBe('DVLA-7788');
    expect(value('Licence class')).toBe('B - Cars and light vehicles');
    expect(value('Licence expiry')).toBe('Jun 30, 2029');

    const person = within(screen.getByRole('region', { name: 'User' }));
    expect(person.getByText('Yaw Boateng')).toBeTruthy();
    expect(person.getByText('yaw@example.com')).toBeTruthy();
    expect(person.getByText('0241234567')).toBeTruthy();
    expect(person.getByText('Oct 2, 2026')).toBeTruthy();

    const photo = screen.getByRole('img', { name: 'Ghana card (front)' }) as HTMLImageElement;
    expect(photo.getAttribute('src')).toBe('/api/admin/documents/d1?expires=1&signature=abc');
    const fullSize = screen.getByRole('link', { name: 'Open Ghana card (front) full size' });
    expect(fullSize.getAttribute('href')).toBe('/api/admin/documents/d1?expires=1&signature=abc');
    expect(fullSize.getAttribute('target')).toBe('_blank');
    expect(screen.getByRole('img', { name: "Driver's licence (front)" })).toBeTruthy();

    const history = within(screen.getByRole('region', { name: 'Earlier submissions' }));
    expect(history.getByText('Reason: The licence photo is blurry')).toBeTruthy();
    expect(screen.getByText('Resubmitted')).toBeTruthy();
  });

  it('will not reject without a reason of at least 5 characters, then sends the decision and goes back to the queue', async () => {
    const api = staffApi({
      [`GET /api/admin/verifications/${submissionId}`]: { status: 200, body: aSubmission() },
      [`POST /api/admin/verifications/${submissionId}/decision`]: ({ body }) => ({
        status: 200,
        body: aSubmission({ status: 'rejected', decision: { decision: 'rejected', reason: String((body as { reason: string }).reason), decidedAt: '2026-11-22T09:00:00.000Z', decidedBy: ama.id } }),
      }),
    });
    const { user, router } = renderRoutes(routes, `/admin/verifications/${submissionId}`);
    const reject = await screen.findByRole('button', { name: 'Reject' });
    await user.click(reject);
    expect(screen.getByText('Please give the reason for rejecting this submission')).toBeTruthy();
    await user.type(screen.getByLabelText('Reason for rejection'), '  bad ');
    await user.click(reject);
    expect(screen.getByText('Please give the reason for rejecting this submission')).toBeTruthy();
    expect(api.callsTo('POST', `/api/admin/verifications/${submissionId}/decision`)).toHaveLength(0);

    await user.clear(screen.getByLabelText('Reason for rejection'));
    await user.type(screen.getByLabelText('Reason for rejection'), 'The card photo is too dark to read');
    await user.click(reject);
    expect(await findToast()).toEqual({ text: 'Verification rejectedThe user has been sent the reason.', destructive: false });
    expect(api.callsTo('POST', `/api/admin/verifications/${submissionId}/decision`).map((call) => call.body)).toEqual([
      { decision: 'rejected', reason: 'The card photo is too dark to read' },
    ]);
    expect(await screen.findByRole('heading', { name: 'Admin Dashboard' })).toBeTruthy();
    expect(`${router.state.location.pathname}${router.state.location.search}`).toBe('/admin?tab=verifications');
  });

  it('approves after a confirmation, and the queue is read again', async () => {
    const api = staffApi({
      [`GET /api/admin/verifications/${submissionId}`]: { status: 200, body: aSubmission() },
      [`POST /api/admin/verifications/${submissionId}/decision`]: {
        status: 200,
        body: aSubmission({ status: 'approved', decision: { decision: 'approved', reason: null, decidedAt: '2026-11-22T09:00:00.000Z', decidedBy: ama.id } }),
      },
    });
    const { user } = await openQueue();
    await user.click(await screen.findByRole('link', { name: 'Abena Owusu' }));
    const queueReads = api.queueUrls.length;
    await user.click(await screen.findByRole('button', { name: 'Approve' }));
    // One tap only asks; Cancel (which has the focus) sends nothing.
    const asking = await screen.findByRole('alertdialog', { name: 'Approve this verification?' });
    expect(document.activeElement).toBe(within(asking).getByRole('button', { name: 'Cancel' }));
    await user.click(within(asking).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(api.callsTo('POST', `/api/admin/verifications/${submissionId}/decision`)).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Approve' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Approve' }));
    expect(await findToast()).toEqual({ text: 'Verification approvedThe user has been told their details are verified.', destructive: false });
    expect(api.callsTo('POST', `/api/admin/verifications/${submissionId}/decision`).map((call) => call.body)).toEqual([{ decision: 'approved' }]);
    expect(await screen.findByRole('combobox', { name: 'Status' })).toBeTruthy();
    await waitFor(() => expect(api.queueUrls.length).toBeGreaterThan(queueReads));
  });

  it("shows the server's message when someone decided first, and then their decision", async () => {
    let decided = false;
    staffApi({
      [`GET /api/admin/verifications/${submissionId}`]: () => ({
        status: 200,
        body: decided
          ? aSubmission({ status: 'approved', decision: { decision: 'approved', reason: null, decidedAt: '2026-11-22T09:00:00.000Z', decidedBy: kofi.id } })
          : aSubmission(),
      }),
      [`POST /api/admin/verifications/${submissionId}/decision`]: () => {
        decided = true;
        return { status: 409, body: { message: 'This submission has already been decided.' } };
      },
    });
    const { user, router } = renderRoutes(routes, `/admin/verifications/${submissionId}`);
    await user.click(await screen.findByRole('button', { name: 'Approve' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Approve' }));
    expect(await findToast()).toEqual({ text: 'Already decidedThis submission has already been decided.', destructive: true });
    const decision = within(await screen.findByRole('region', { name: 'Decision' }));
    expect(await decision.findByText('kofi')).toBeTruthy();
    expect(decision.getByText('Approved')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Approve' })).toBeNull();
    expect(router.state.location.pathname).toBe(`/admin/verifications/${submissionId}`);
  });

  it("names who decided by their id when the staff list does not have them", async () => {
    const unknownAdmin = '0d0d0d0d-62a5-4c3b-9a3e-1a2b3c4d5e6f';
    staffApi({
      [`GET /api/admin/verifications/${submissionId}`]: {
        status: 200,
        body: aSubmission({ status: 'rejected', decision: { decision: 'rejected', reason: 'Expired card', decidedAt: '2026-11-22T09:00:00.000Z', decidedBy: unknownAdmin } }),
      },
    });
    renderRoutes(routes, `/admin/verifications/${submissionId}`);
    const decision = within(await screen.findByRole('region', { name: 'Decision' }));
    expect(decision.getByText(unknownAdmin)).toBeTruthy();
    expect(decision.getByText('Expired card')).toBeTruthy();
  });

  it('says the photos were deleted after the decision, instead of showing broken images', async () => {
    staffApi({
      [`GET /api/admin/verifications/${submissionId}`]: {
        status: 200,
        body: aSubmission({
          status: 'approved',
          documents: [],
          photosDeletedAt: '2026-12-22T09:00:00.000Z',
          decision: { decision: 'approved', reason: null, decidedAt: '2026-11-22T09:00:00.000Z', decidedBy: kofi.id },
        }),
      },
    });
    renderRoutes(routes, `/admin/verifications/${submissionId}`);
    const photos = within(await screen.findByRole('region', { name: 'Photos' }));
    expect(photos.getByText('Photos deleted after the decision')).toBeTruthy();
    expect(photos.queryByRole('img')).toBeNull();
    expect(within(screen.getByRole('region', { name: 'Decision' })).getByText('Approved')).toBeTruthy();
  });

  it('sends a visitor without an admin session to the login page', async () => {
    mockApi({ 'GET /api/admin/verify': { status: 401, body: { message: 'Admin sign-in required' } } });
    const { router } = renderRoutes(routes, `/admin/verifications/${submissionId}`);
    expect(await screen.findByRole('heading', { name: 'Admin Sign In' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/admin/login');
  });
});

describe('photo links', () => {
  it('are read again a minute before the first one expires, never more often than every 15 s', () => {
    const now = Date.parse('2026-11-22T09:00:00.000Z');
    const submission = aSubmission();
    const links = (expiresAt: string[]) => ({ ...submission, documents: expiresAt.map((at, i) => ({ ...submission.documents[0]!, id: `${i}`, expiresAt: at })) });
    expect(msUntilLinksRenew(links(['2026-11-22T09:05:00.000Z', '2026-11-22T09:04:00.000Z']), now)).toBe(3 * 60_000);
    expect(msUntilLinksRenew(links(['2026-11-22T09:00:30.000Z']), now)).toBe(15_000);
    expect(msUntilLinksRenew(links([]), now)).toBe(false);
  });
});
