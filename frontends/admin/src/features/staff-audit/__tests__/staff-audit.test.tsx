import { mockApi } from '@krom/ui-kit/testing/mock-api.ts';
import { renderRoutes } from '@krom/ui-kit/testing/render-routes.tsx';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { routes } from '../../../app/routes.tsx';

const ama = { id: '5b4c9a57-62a5-4c3b-9a3e-1a2b3c4d5e6f', username: 'ama', roles: ['administrator'], createdAt: '2025-03-01T09:30:00.000Z' };
const esi = { id: '6b4c9a57-62a5-4c3b-9a3e-1a2b3c4d5e6f', username: 'esi', roles: ['support'], createdAt: '2025-06-01T10:00:00.000Z' };
const entry = (n: number, actedAt: string) => ({
  id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
  service: 'rides',
  actorId: esi.id,
  actorRoles: ['support'],
  action: 'booking.cancelled',
  targetType: 'booking',
  targetId: `booking-${n}`,
  reason: n === 0 ? 'Passenger asked by phone' : null,
  details: { code: 'ACDE34' },
  actedAt,
});

/** The staff area's API with the log answered by `answer`; `queries` are the log's queries, in order. */
function auditApi(answer: (query: URLSearchParams) => unknown[], nextCursor: (query: URLSearchParams) => string | null = () => null) {
  const queries: URLSearchParams[] = [];
  mockApi({
    'GET /api/admin/verify': { status: 200, body: { admin: ama } },
    'GET /api/admin/waitlist': { status: 200, body: [] },
    'GET /api/admin/users': { status: 200, body: [ama, esi] },
    'GET /api/admin/audit': ({ query }) => {
      queries.push(query);
      return { status: 200, body: { entries: answer(query), nextCursor: nextCursor(query) } };
    },
  });
  return { queries };
}

describe('the audit log tab', () => {
  it('shows who did what, when in Ghana time, why and to what, newest first', async () => {
    auditApi(() => [entry(0, '2026-11-22T09:30:00.000Z')]);
    renderRoutes(routes, '/admin?tab=audit');
    const table = await screen.findByRole('table', {}, { timeout: 5000 });
    await within(table).findByText('esi');
    expect(within(table).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(['When', 'Who', 'What', 'Target', 'Why']);
    const cells = within(within(table).getAllByRole('row')[1] as HTMLElement).getAllByRole('cell');
    expect(cells.map((cell) => cell.dataset.label)).toEqual(['When', 'Who', 'What', 'Target', 'Why']);
    expect(cells[0]?.textContent).toBe('22 Nov 2026, 09:30');
    expect(cells[1]?.textContent).toBe('esiSupport');
    expect(cells[2]?.textContent).toContain('booking.cancelled');
    expect(cells[2]?.textContent).toContain('code: ACDE34');
    expect(cells[3]?.textContent).toBe('booking booking-0');
    expect(cells[4]?.textContent).toBe('Passenger asked by phone');
    // Read-only: nothing in the tab changes an entry.
    expect(within(table).queryByRole('button')).toBeNull();
  });

  it('filters by staff member, action and Ghana days, kept in the address', async () => {
    const api = auditApi(() => []);
    const { user, router } = renderRoutes(routes, '/admin?tab=audit');
    await screen.findByText('No staff actions found');
    const form = screen.getByRole('search', { name: 'Filter the audit log' });
    await user.selectOptions(within(form).getByLabelText('Staff member'), 'esi');
    await user.type(within(form).getByLabelText('Action'), 'booking.cancelled');
    await user.type(within(form).getByLabelText('From (day)'), '2026-11-01');
    await user.type(within(form).getByLabelText('To (day)'), '2026-11-22');
    await user.click(within(form).getByRole('button', { name: 'Filter' }));
    await screen.findByText('No staff actions found');
    expect(Object.fromEntries(api.queries.at(-1) ?? [])).toEqual({
      limit: '50',
      actorId: esi.id,
      action: 'booking.cancelled',
      from: '2026-11-01T00:00:00.000Z',
      to: '2026-11-22T23:59:59.999Z',
    });
    expect(new URLSearchParams(router.state.location.search).get('actorId')).toBe(esi.id);
  });

  it('loads older entries from the cursor the page gave, and stops when there are no more', async () => {
    const firstPage = Array.from({ length: 50 }, (_, n) => entry(n, new Date(Date.UTC(2026, 10, 22, 12, 0) - n * 60_000).toISOString()));
    const api = auditApi(
      (query) => (query.get('before') ? [entry(50, '2026-11-21T08:00:00.000Z')] : firstPage),
      (query) => (query.get('before') ? null : 'cursor-after-49'),
    );
    const { user } = renderRoutes(routes, '/admin?tab=audit');
    await screen.findByText('booking-49', {}, { timeout: 5000 });
    await user.click(screen.getByRole('button', { name: 'Older entries' }));
    await screen.findByText('booking-50');
    expect(api.queries.at(-1)?.get('before')).toBe('cursor-after-49');
    expect(api.queries.at(-1)?.get('to')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Older entries' })).toBeNull();
  });
});
