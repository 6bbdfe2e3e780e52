import type { MemberSearchResult } from '@krom/contracts/http/staff-members';
import { memberSearchMessages } from '@krom/contracts/http/staff-members';
import { mockApi } from '@krom/ui-kit/testing/mock-api.ts';
import { renderRoutes } from '@krom/ui-kit/testing/render-routes.tsx';
import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { routes } from '../../../app/routes.tsx';

const finance = { id: '5b4c9a57-62a5-4c3b-9a3e-1a2b3c4d5e6f', username: 'efua', roles: ['finance'], createdAt: '2025-03-01T09:30:00.000Z' };
const akosua: MemberSearchResult = {
  id: '9a9b6a3e-2c4d-4e5f-8a9b-1c2d3e4f5a6b',
  firstName: 'Akosua',
  lastName: 'Frimpong',
  phone: '0244123456',
  email: 'akosua@example.com',
  createdAt: '2026-11-25T10:00:00.000Z',
  verificationStatus: 'approved',
  driverVerificationStatus: 'not_submitted',
  deleted: false,
  suspended: false,
};
const held: MemberSearchResult = { ...akosua, id: '7a9b6a3e-2c4d-4e5f-8a9b-1c2d3e4f5a6d', firstName: 'Abena', suspended: true };
const gone: MemberSearchResult = { ...akosua, id: '8a9b6a3e-2c4d-4e5f-8a9b-1c2d3e4f5a6c', firstName: 'Akos', phone: null, email: null, deleted: true };

type Reply = { status: number; body: unknown };

/** A signed-in finance officer's API; the member search answers by its query, and every search is recorded. */
function staffApi(search: (q: string | null) => Reply) {
  mockApi({
    'GET /api/admin/verify': { status: 200, body: { admin: finance } },
    'GET /api/admin/payments/reconciliations/latest': { status: 200, body: null },
    'GET /api/admin/payments': { status: 200, body: { payments: [], page: 1, pageSize: 50, hasMore: false } },
    'GET /api/admin/payments/payouts/attention': { status: 200, body: { payouts: [] } },
  });
  const answerByPath = globalThis.fetch;
  const searches: (string | null)[] = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://krom.test');
    if (url.pathname !== '/api/admin/members') return answerByPath(input, init);
    searches.push(url.searchParams.get('q'));
    const reply = search(url.searchParams.get('q'));
    return new Response(JSON.stringify(reply.body), { status: reply.status, headers: { 'content-type': 'application/json' } });
  });
  return { searches };
}

async function searchFor(text: string) {
  const view = renderRoutes(routes, '/admin');
  await view.user.selectOptions(await screen.findByRole('combobox', { name: 'Admin sections' }), 'Members');
  const box = await screen.findByLabelText('Name, phone or e-mail');
  await view.user.type(box, text);
  await view.user.click(screen.getByRole('button', { name: 'Search' }));
  return view;
}

describe('the Members tab', () => {
  it('is open to a finance officer and lists the members found with their account details', async () => {
    const api = staffApi(() => ({ status: 200, body: { members: [akosua, held, gone] } }));
    const { router } = await searchFor('+233 24 412 3456');
    const table = await screen.findByRole('table');
    expect(within(table).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(['Name', 'Phone', 'E-mail', 'Identity', 'Driver', 'Joined']);
    const rows = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) => within(row).getAllByRole('cell').map((cell) => cell.textContent));
    expect(rows.map((row) => row.slice(0, 5))).toEqual([
      ['Akosua Frimpong', '0244123456', 'akosua@example.com', 'Approved', 'Not submitted'],
      ['Abena Frimpong (suspended)', '0244123456', 'akosua@example.com', 'Approved', 'Not submitted'],
      ['Akos Frimpong (deleted)', '—', '—', 'Approved', 'Not submitted'],
    ]);
    expect(api.searches).toEqual(['+233 24 412 3456']);
    expect(router.state.location.search).toBe('?tab=members&member=%2B233+24+412+3456');
  });

  it('says when nobody matches', async () => {
    staffApi(() => ({ status: 200, body: { members: [] } }));
    await searchFor('Nobody');
    expect(await screen.findByText('No members found')).toBeTruthy();
  });

  it("shows the server's words when the search is too short", async () => {
    staffApi(() => ({ status: 400, body: { message: memberSearchMessages.query } }));
    await searchFor('A');
    expect((await screen.findByRole('alert')).textContent).toBe(memberSearchMessages.query);
  });
});
