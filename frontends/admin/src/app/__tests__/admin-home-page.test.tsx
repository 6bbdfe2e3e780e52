import { mockApi } from '@krom/ui-kit/testing/mock-api.ts';
import { findToast } from '@krom/ui-kit/testing/find-toast.ts';
import { renderRoutes } from '@krom/ui-kit/testing/render-routes.tsx';
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { routes } from '../routes.tsx';

const admin = { id: '5b4c9a57-62a5-4c3b-9a3e-1a2b3c4d5e6f', username: 'ama', roles: ['administrator'], createdAt: '2025-03-01T09:30:00.000Z' };
const signups = [
  {
    id: '0e0c7f3c-6c0e-4a3a-8d54-3c1f0f5b8d11',
    name: 'Kofi Boateng',
    email: 'kofi@example.com',
    phone: '0241234567',
    createdAt: '2025-05-02T14:05:00.000Z',
  },
  {
    id: '1e0c7f3c-6c0e-4a3a-8d54-3c1f0f5b8d12',
    name: 'Adwoa Nyarko',
    email: 'adwoa@example.com',
    phone: '0551234567',
    createdAt: '2025-05-03T08:15:00.000Z',
  },
];

function signedInWith(data: { waitlist: unknown[]; admins: unknown[] }) {
  return mockApi({
    'GET /api/admin/verify': { status: 200, body: { admin } },
    'GET /api/admin/waitlist': { status: 200, body: data.waitlist },
    'GET /api/admin/users': { status: 200, body: data.admins },
    'GET /api/admin/verifications': { status: 200, body: { items: [], pendingCount: 3 } },
    'POST /api/admin/logout': { status: 200, body: { ok: true } },
  });
}

/** jsdom cannot download: records what the browser would have saved (file name and content). */
function catchDownloads() {
  const files: { name: string; blob: Blob }[] = [];
  let lastBlob: Blob | undefined;
  URL.createObjectURL = (blob: Blob) => {
    lastBlob = blob;
    return 'blob:krom-test';
  };
  URL.revokeObjectURL = () => {};
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    if (lastBlob) files.push({ name: this.download, blob: lastBlob });
  });
  return files;
}

function readText(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsText(blob);
  });
}

const { createObjectURL, revokeObjectURL } = URL;

afterEach(() => {
  vi.restoreAllMocks();
  URL.createObjectURL = createObjectURL;
  URL.revokeObjectURL = revokeObjectURL;
});

describe('admin page', () => {
  it('sends a visitor without an admin session to the login page', async () => {
    mockApi({ 'GET /api/admin/verify': { status: 401, body: { message: 'Admin sign-in required' } } });
    const { router } = renderRoutes(routes, '/admin');
    expect(await screen.findByRole('heading', { name: 'Admin Sign In' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/admin/login');
  });

  it('shows a member of staff only the tabs their roles open, and asks nothing of the rest', async () => {
    const api = mockApi({
      'GET /api/admin/verify': { status: 200, body: { admin: { ...admin, roles: ['trust_safety'] } } },
      'GET /api/admin/verifications': { status: 200, body: { items: [], pendingCount: 2 } },
    });
    renderRoutes(routes, '/admin');
    const dropdown = (await screen.findByRole('combobox', { name: 'Admin sections' })) as HTMLSelectElement;
    await screen.findByRole('option', { name: 'Verifications (2)' });
    expect(Array.from(dropdown.options).map((option) => option.textContent)).toEqual(['Verifications (2)', 'Tickets', 'Rides', 'Members']);
    expect(screen.queryByRole('link', { name: 'SMS test panel' })).toBeNull();
    expect(api.callsTo('GET', '/api/admin/waitlist')).toHaveLength(0);
    expect(api.callsTo('GET', '/api/admin/users')).toHaveLength(0);
  });

  it.each([
    ['support', ['Tickets', 'Rides', 'Bookings', 'Members', 'Messages']],
    ['trust_safety', ['Verifications (2)', 'Tickets', 'Rides', 'Members']],
    ['finance', ['Rides', 'Bookings', 'Members', 'Payments']],
  ])('shows %s staff only the tabs their role opens, and no audit log or staff accounts', async (role, tabs) => {
    const api = mockApi({
      'GET /api/admin/verify': { status: 200, body: { admin: { ...admin, roles: [role] } } },
      'GET /api/admin/verifications': { status: 200, body: { items: [], pendingCount: 2 } },
      'GET /api/admin/tickets': { status: 200, body: { tickets: [] } },
      'GET /api/admin/rides': { status: 200, body: { rides: [], nextCursor: null } },
      'GET /api/admin/payments': { status: 200, body: { payments: [], page: 1, pageSize: 50, total: 0 } },
      'GET /api/admin/messages/sms': { status: 200, body: { entries: [] } },
    });
    renderRoutes(routes, '/admin');
    const dropdown = (await screen.findByRole('combobox', { name: 'Admin sections' })) as HTMLSelectElement;
    await screen.findByRole('option', { name: tabs[0] });
    expect(Array.from(dropdown.options).map((option) => option.textContent)).toEqual(tabs);
    expect(api.callsTo('GET', '/api/admin/audit')).toHaveLength(0);
  });

  it('shows the waitlist first, with a count on each tab and in the phone dropdown', async () => {
    signedInWith({ waitlist: signups, admins: [admin] });
    renderRoutes(routes, '/admin');
    // jsdom applies no media queries, so it shows the phone layout: the tabs are there but hidden.
    const dropdown = (await screen.findByRole('combobox', { name: 'Admin sections' })) as HTMLSelectElement;
    await screen.findByText('Kofi Boateng');
    await screen.findByRole('option', { name: 'Verifications (3)' });
    expect(Array.from(dropdown.options).map((option) => option.textContent)).toEqual([
      'Waitlist (2)',
      'Admin Users (1)',
      'Audit log',
      'Verifications (3)',
      'Tickets',
      'Rides',
      'Bookings',
      'Members',
      'Payments',
      'Messages',
    ]);
    expect(dropdown.selectedOptions[0]?.textContent).toBe('Waitlist (2)');
    const tabs = screen.getAllByRole('tab', { hidden: true });
    expect(tabs.map((tab) => [tab.textContent, tab.getAttribute('aria-selected')])).toEqual([
      ['Waitlist (2)', 'true'],
      ['Admin Users (1)', 'false'],
      ['Audit log', 'false'],
      ['Verifications (3)', 'false'],
      ['Tickets', 'false'],
      ['Rides', 'false'],
      ['Bookings', 'false'],
      ['Members', 'false'],
      ['Payments', 'false'],
      ['Messages', 'false'],
    ]);

    const table = screen.getByRole('table');
    const headers = within(table).getAllByRole('columnheader').map((cell) => cell.textContent);
    expect(headers).toEqual(['Name', 'Email', 'Phone', 'Joined']);
    expect(within(table).getByText('Kofi Boateng')).toBeTruthy();
    expect(within(table).getByText('0551234567')).toBeTruthy();
    // On a phone each row is a card and each cell shows its column's name beside it.
    for (const row of within(table).getAllByRole('row').slice(1)) {
      expect(within(row).getAllByRole('cell').map((cell) => cell.dataset.label)).toEqual(headers);
    }
  });

  it('switches to the admin users with the dropdown on a phone or the tabs on a wide screen', async () => {
    signedInWith({ waitlist: signups, admins: [admin] });
    const { user } = renderRoutes(routes, '/admin');
    await screen.findByText('Kofi Boateng');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Admin sections' }), 'Admin Users (1)');
    let table = screen.getByRole('table');
    expect(within(table).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(['Username', 'Roles', 'Created']);
    expect(within(table).getByText('ama')).toBeTruthy();
    expect(within(within(table).getAllByRole('row')[1] as HTMLElement).getAllByRole('cell').map((cell) => cell.dataset.label)).toEqual(['Username', 'Roles', 'Created']);

    fireEvent.click(screen.getByRole('tab', { name: 'Waitlist (2)', hidden: true }));
    table = screen.getByRole('table');
    expect(within(table).getByText('Kofi Boateng')).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Waitlist (2)', hidden: true }).getAttribute('aria-selected')).toBe('true');
  });

  it('says so when there is nobody yet, and offers no export', async () => {
    signedInWith({ waitlist: [], admins: [] });
    const { user } = renderRoutes(routes, '/admin');
    expect(await screen.findByText('No waitlist signups yet')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Export CSV' }) as HTMLButtonElement).disabled).toBe(true);
    await user.selectOptions(screen.getByRole('combobox', { name: 'Admin sections' }), 'Admin Users (0)');
    expect(screen.getByText('No admin users yet')).toBeTruthy();
  });

  it('downloads the waitlist as a dated CSV file and confirms it', async () => {
    signedInWith({ waitlist: signups, admins: [admin] });
    const files = catchDownloads();
    const { user } = renderRoutes(routes, '/admin');
    await user.click(await screen.findByRole('button', { name: 'Export CSV' }));

    expect(await findToast()).toEqual({ text: 'Export successfulWaitlist data has been downloaded as CSV', destructive: false });
    const today = new Date();
    const stamp = `${today.getFullYear()}-${String(today.getMonth() + 1).padStart(2, '0')}-${String(today.getDate()).padStart(2, '0')}`;
    expect(files.map((file) => file.name)).toEqual([`waitlist-${stamp}.csv`]);
    const text = await readText(files[0]!.blob);
    expect(text.replace(/^\ufeff/, '').split('\r\n')[0]).toBe('"Name","Email","Phone","Joined Date"');
    expect(text).toContain('"Adwoa Nyarko","adwoa@example.com","0551234567"');
  });

  it('logs out and returns to the login page', async () => {
    const api = signedInWith({ waitlist: signups, admins: [admin] });
    const { user, router } = renderRoutes(routes, '/admin');
    await user.click(await screen.findByRole('button', { name: 'Logout' }));
    expect(await screen.findByRole('heading', { name: 'Admin Sign In' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/admin/login');
    expect(api.callsTo('POST', '/api/admin/logout')).toHaveLength(1);
  });

  it('links to the SMS test panel, which links back', async () => {
    signedInWith({ waitlist: signups, admins: [admin] });
    const { user, router } = renderRoutes(routes, '/admin');
    await user.click(await screen.findByRole('link', { name: 'SMS test panel' }));
    expect(await screen.findByRole('heading', { name: 'SMS Test Panel' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/sms-test');
    await user.click(screen.getByRole('link', { name: '← Back to dashboard' }));
    expect(await screen.findByRole('heading', { name: 'Admin Dashboard' })).toBeTruthy();
  });
});
