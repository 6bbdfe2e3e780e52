import type { StaffTicket, StaffTicketSummary } from '@krom/contracts/http/staff-tickets';
import { staffTicketMessages, ticketMessages } from '@krom/contracts/http/support-values';
import { findToast } from '@krom/ui-kit/testing/find-toast.ts';
import { mockApi } from '@krom/ui-kit/testing/mock-api.ts';
import { renderRoutes } from '@krom/ui-kit/testing/render-routes.tsx';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { routes } from '../../../app/routes.tsx';

const ama = { id: '5b4c9a57-62a5-4c3b-9a3e-1a2b3c4d5e6f', username: 'ama', roles: ['administrator'], createdAt: '2025-03-01T09:30:00.000Z' };
const kojo = { id: '6c4c9a57-62a5-4c3b-9a3e-1a2b3c4d5e70', username: 'kojo', createdAt: '2025-03-01T09:30:00.000Z' };
const ticketId = '8b0d2f4a-6c8e-4a1b-9d3f-5e7a9c1b3d5f';
const memberId = '3d5f7b9c-2e4a-4c6b-8d0f-1a3c5e7b9d2f';

const summary: StaffTicketSummary = {
  id: ticketId,
  category: 'safety',
  subject: 'Reckless driving',
  status: 'open',
  bookingId: null,
  rideId: null,
  createdAt: '2026-11-25T10:00:00.000Z',
  updatedAt: '2026-11-25T10:00:00.000Z',
  memberId,
  priority: 'medium',
  claimedBy: null,
  claimedAt: null,
  version: 1,
  memberReport: null,
};
const ticket = (changes: Partial<StaffTicket> = {}): StaffTicket => ({
  ...summary,
  description: 'The driver overtook on blind bends the whole way to Nkawkaw.',
  attachments: [{ id: '1a2b3c4d-5e6f-4a1b-9d3f-5e7a9c1b3d5f', fileName: 'dashcam.jpg', contentType: 'image/jpeg', size: 2048, url: '/api/support/attachments/x?expires=1&signature=s', expiresAt: '2026-11-25T10:05:00.000Z' }],
  messages: [
    { id: 'a1a1a1a1-5e6f-4a1b-9d3f-5e7a9c1b3d5f', author: 'staff', body: 'Driver has two earlier reports.', createdAt: '2026-11-25T11:00:00.000Z', internal: true },
  ],
  ...changes,
});

const staffApi = (routes: Parameters<typeof mockApi>[0] = {}) =>
  mockApi({
    'GET /api/admin/verify': { status: 200, body: { admin: ama } },
    'GET /api/admin/waitlist': { status: 200, body: [] },
    'GET /api/admin/staff-names': { status: 200, body: { staff: [ama, kojo].map(({ id, username }) => ({ id, username })) } },
    'GET /api/admin/verifications': { status: 200, body: { items: [], pendingCount: 0 } },
    'GET /api/admin/tickets': { status: 200, body: { tickets: [summary] } },
    ...routes,
  });

describe('the Tickets tab', () => {
  it('lists the queue with category, priority, status and claim, keeps the filters in the address, and opens a ticket', async () => {
    staffApi({ [`GET /api/admin/tickets/${ticketId}`]: { status: 200, body: ticket() } });
    const { user, router } = renderRoutes(routes, '/admin?tab=tickets');
    const table = await screen.findByRole('table');
    const cells = within(table).getAllByRole('row')[1];
    expect(within(cells as HTMLElement).getAllByRole('cell').slice(0, 5).map((cell) => cell.textContent)).toEqual(['Reckless driving', 'Safety', 'Medium', 'Open', 'No']);
    await user.selectOptions(screen.getByRole('combobox', { name: 'Category' }), 'Safety');
    expect(router.state.location.search).toBe('?tab=tickets&category=safety');
    await user.click(await screen.findByRole('link', { name: 'Reckless driving' }));
    expect(await screen.findByRole('heading', { name: 'Reckless driving' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'dashcam.jpg' }).getAttribute('href')).toBe('/api/support/attachments/x?expires=1&signature=s');
    expect(screen.getByText('Internal note')).toBeTruthy();
  });
});

describe('a member report in the queue', () => {
  const reportedId = '4e6a8c0e-3f5b-4d7c-9e1a-2b4d6f8a0c3e';
  const bookingId = '7f9b1d3f-4a6c-4e8d-8f2b-3c5e7a9b1d4f';
  const reportCase: StaffTicketSummary = {
    ...summary,
    subject: 'Member report: Harassment or threats',
    priority: 'high',
    memberReport: { reportId: '9a1c3e5a-5b7d-4f9e-8a3c-4d6f8b0d2e5a', reportedId, reason: 'harassment', details: 'Threatened me at Kejetia', source: 'booking', sourceId: bookingId, reportedText: null, reportedAt: '2026-11-25T10:00:00.000Z' },
  };

  it('marks the case and names the reported member in the queue and on its page; a member\'s own ticket has no mark', async () => {
    const own = { ...summary, id: '2c4e6a8c-1d3f-4b5d-8f7a-9c1e3a5c7e9b', category: 'booking' as const, subject: 'Driver never came' };
    staffApi({
      'GET /api/admin/tickets': { status: 200, body: { tickets: [reportCase, own] } },
      [`GET /api/admin/tickets/${ticketId}`]: { status: 200, body: ticket({ ...reportCase, description: 'Threatened me at Kejetia' }) },
    });
    const { user } = renderRoutes(routes, '/admin?tab=tickets');
    const table = await screen.findByRole('table');
    const [, caseRow, ownRow] = within(table).getAllByRole('row') as HTMLElement[];
    expect(within(caseRow as HTMLElement).getByText('Member report')).toBeTruthy();
    expect(within(caseRow as HTMLElement).getByText(`Reported member: ${reportedId}`, { exact: false })).toBeTruthy();
    expect(within(ownRow as HTMLElement).queryByText('Member report')).toBeNull();

    await user.click(screen.getByRole('link', { name: 'Member report: Harassment or threats' }));
    const report = await screen.findByRole('region', { name: 'Reported member' });
    const details = [...report.querySelectorAll('dt')].map((term) => [term.textContent, term.nextElementSibling?.textContent]);
    expect(details).toEqual([
      ['Member', reportedId],
      ['Reported by', memberId],
      ['Reason', 'Harassment or threats'],
      ['Reported from', 'Booking'],
      ['Booking id', bookingId],
      ['Reported', expect.any(String)],
    ]);
    expect(screen.getByText('Member report')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'The reported message' })).toBeNull();
  });

  it('shows a reported message as it was written, under the report', async () => {
    const messageId = '3b5d7f9b-2c4e-4a6c-9e8f-1a3c5e7a9b2d';
    const messageCase = {
      ...reportCase,
      subject: 'Member report: Inappropriate messages',
      memberReport: { ...reportCase.memberReport!, reason: 'inappropriate_messages' as const, source: 'message' as const, sourceId: messageId, reportedText: 'Pay me on 024 [hidden until booked] or no seat' },
    };
    staffApi({ [`GET /api/admin/tickets/${ticketId}`]: { status: 200, body: ticket({ ...messageCase, description: 'Inappropriate messages' }) } });
    renderRoutes(routes, `/admin/tickets/${ticketId}`);
    const report = await screen.findByRole('region', { name: 'Reported member' });
    const details = Object.fromEntries([...report.querySelectorAll('dt')].map((term) => [term.textContent, term.nextElementSibling?.textContent]));
    expect(details).toMatchObject({ 'Reported from': 'Message', 'Message id': messageId, Reason: 'Inappropriate messages' });
    expect(within(report).getByRole('heading', { name: 'The reported message' })).toBeTruthy();
    expect(within(report).getByText('Pay me on 024 [hidden until booked] or no seat')).toBeTruthy();
  });
});

describe('a ticket', () => {
  it('is claimed, then answered (the reply sent as written, an empty one refused first) and resolved', async () => {
    let current = ticket();
    const api = staffApi({
      [`GET /api/admin/tickets/${ticketId}`]: () => ({ status: 200, body: current }),
      [`POST /api/admin/tickets/${ticketId}/claim`]: () => {
        current = ticket({ claimedBy: ama.id, claimedAt: '2026-11-25T12:00:00.000Z', status: 'in_review' });
        return { status: 200, body: current };
      },
      [`POST /api/admin/tickets/${ticketId}/replies`]: ({ body }) => {
        const text = (body as { body: string }).body;
        current = ticket({ ...current, status: 'awaiting_member', messages: [...current.messages, { id: 'b2b2b2b2-5e6f-4a1b-9d3f-5e7a9c1b3d5f', author: 'staff', body: text, createdAt: '2026-11-25T12:01:00.000Z', internal: false }] });
        return { status: 201, body: current.messages.at(-1) };
      },
      [`POST /api/admin/tickets/${ticketId}/resolve`]: () => {
        current = ticket({ ...current, status: 'resolved' });
        return { status: 200, body: current };
      },
    });
    const { user } = renderRoutes(routes, `/admin/tickets/${ticketId}`);
    // Not claimed yet: only the claim is offered.
    expect(screen.queryByRole('button', { name: 'Send reply' })).toBeNull();
    await user.click(await screen.findByRole('button', { name: 'Claim ticket' }));
    expect((await findToast()).text).toContain('Ticket claimed');
    const send = await screen.findByRole('button', { name: 'Send reply' });
    await user.click(send);
    expect(screen.getByText(ticketMessages.message)).toBeTruthy();
    expect(api.callsTo('POST', `/api/admin/tickets/${ticketId}/replies`)).toHaveLength(0);

    await user.type(screen.getByLabelText('Your reply'), 'We are looking into this driver now.');
    await user.click(send);
    expect((await findToast()).text).toContain('Reply sent');
    expect(api.callsTo('POST', `/api/admin/tickets/${ticketId}/replies`).map((call) => call.body)).toEqual([{ body: 'We are looking into this driver now.' }]);
    expect(await screen.findByText('We are looking into this driver now.')).toBeTruthy();
    expect(screen.getByText('Awaiting member')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Resolve' }));
    await waitFor(() => expect(screen.getByText('Resolved')).toBeTruthy());
  });

  it("offers nothing but reading on another's claim, and shows the refusal when someone claimed meanwhile", async () => {
    staffApi({ [`GET /api/admin/tickets/${ticketId}`]: { status: 200, body: ticket({ claimedBy: kojo.id, claimedAt: '2026-11-25T12:00:00.000Z', status: 'in_review' }) } });
    const first = renderRoutes(routes, `/admin/tickets/${ticketId}`);
    expect(await screen.findByText('Claimed by kojo: only they can answer or change it.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Claim ticket' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Send reply' })).toBeNull();
    first.unmount();

    staffApi({
      [`GET /api/admin/tickets/${ticketId}`]: { status: 200, body: ticket() },
      [`POST /api/admin/tickets/${ticketId}/claim`]: { status: 409, body: { message: staffTicketMessages.claimedByOther } },
    });
    const { user } = renderRoutes(routes, `/admin/tickets/${ticketId}`);
    await user.click(await screen.findByRole('button', { name: 'Claim ticket' }));
    const toast = await findToast();
    expect(toast).toMatchObject({ destructive: true });
    expect(toast.text).toContain(staffTicketMessages.claimedByOther);
  });
});
