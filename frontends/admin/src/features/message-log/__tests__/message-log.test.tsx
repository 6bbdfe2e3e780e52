import type { MessageLogEntry } from '@krom/contracts/http/staff-messages';
import { mockApi } from '@krom/ui-kit/testing/mock-api.ts';
import { renderRoutes } from '@krom/ui-kit/testing/render-routes.tsx';
import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { routes } from '../../../app/routes.tsx';


const ama = { id: '5b4c9a57-62a5-4c3b-9a3e-1a2b3c4d5e6f', username: 'ama', roles: ['administrator'], createdAt: '2025-03-01T09:30:00.000Z' };

const longText = `Krom: your seat is booked. Accra to Kumasi on 12 Dec at 08:00 with Kwame Mensah in Toyota Corolla GR-1234-20. Meet at Circle VIP station.`;

function anSms(index: number, overrides: Partial<MessageLogEntry> = {}): MessageLogEntry {
  const createdAt = new Date(Date.parse('2026-11-22T12:00:00.000Z') - index * 60_000).toISOString();
  return {
    id: `00000000-0000-4000-8000-${String(index).padStart(12, '0')}`,
    channel: 'sms',
    destination: `+23324${String(1000000 + index)}`,
    subject: null,
    text: `Message number ${index}`,
    messageType: 'notification',
    status: 'sent',
    provider: 'hubtel',
    error: null,
    attempts: 1,
    sentAt: createdAt,
    createdAt,
    ...overrides,
  };
}

const firstSms = [
  anSms(0, { status: 'sent', messageType: 'booking_confirmation', text: longText }),
  anSms(1, { status: 'failed', error: 'Invalid destination number', attempts: 3 }),
  anSms(2, { status: 'pending', sentAt: null }),
  anSms(3, { status: 'suppressed', sentAt: null, error: 'Over the daily cap for this number' }),
  ...Array.from({ length: 46 }, (_, i) => anSms(i + 4)),
];
const olderSms = [anSms(50, { text: 'The oldest one' }), anSms(51)];
const email: MessageLogEntry = {
  ...anSms(0),
  id: '10000000-0000-4000-8000-000000000001',
  channel: 'email',
  destination: 'kofi@example.com',
  subject: 'Your password reset code',
  text: 'Use the code in this e-mail to reset your password.',
  messageType: 'password_reset',
};

/** The log answers by its `before` query (mockApi keys on the path only); every log URL asked for is recorded. */
function staffApi() {
  mockApi({
    'GET /api/admin/verify': { status: 200, body: { admin: ama } },
    'GET /api/admin/waitlist': { status: 200, body: [] },
    'GET /api/admin/users': { status: 200, body: [ama] },
    'GET /api/admin/verifications': { status: 200, body: { items: [], pendingCount: 0 } },
  });
  const answerByPath = globalThis.fetch;
  const logUrls: string[] = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://krom.test');
    if (!url.pathname.startsWith('/api/admin/messages/')) return answerByPath(input, init);
    logUrls.push(`${url.pathname}${url.search}`);
    const before = url.searchParams.get('before');
    const entries = url.pathname.endsWith('/email') ? [email] : before ? olderSms : firstSms;
    return new Response(JSON.stringify({ entries }), { status: 200, headers: { 'content-type': 'application/json' } });
  });
  return { logUrls };
}

async function openMessages() {
  const view = renderRoutes(routes, '/admin');
  await screen.findByText('No waitlist signups yet');
  await view.user.selectOptions(screen.getByRole('combobox', { name: 'Admin sections' }), 'Messages');
  return view;
}

describe('message log', () => {
  it('lists recent SMS with time, destination, type, a labelled status per kind and the error', async () => {
    const { logUrls } = staffApi();
    await openMessages();
    const list = await screen.findByRole('list', { name: 'SMS log' });
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(50);
    expect(logUrls).toEqual(['/api/admin/messages/sms?limit=50']);

    const statuses = items.slice(0, 4).map((item) => item.querySelector('[data-status]'));
    expect(statuses.map((badge) => badge?.textContent)).toEqual(['Sent', 'Failed', 'Pending', 'Suppressed']);
    // Each status has its own colours.
    const colours = statuses.map((badge) => getComputedStyle(badge!).backgroundColor + getComputedStyle(badge!).color);
    expect(new Set(colours).size).toBe(4);

    const failed = within(items[1]!);
    expect(failed.getByText('Error: Invalid destination number')).toBeTruthy();
    expect(failed.getByText('+233241000001')).toBeTruthy();
    expect(failed.getByText('Attempts')).toBeTruthy();
    expect(within(items[0]!).getByText('booking confirmation')).toBeTruthy();
    expect(within(items[0]!).getByText(/2026/)).toBeTruthy();
    expect(within(items[3]!).getByText('Error: Over the daily cap for this number')).toBeTruthy();
    expect(within(items[2]!).queryByText(/^Error:/)).toBeNull();
  });

  it('shortens a long text until asked for all of it', async () => {
    staffApi();
    const { user } = await openMessages();
    const first = within((await screen.findAllByRole('listitem'))[0]!);
    expect(first.queryByText(longText)).toBeNull();
    expect(first.getByText(/^Krom: your seat is booked\..*…$/)).toBeTruthy();
    await user.click(first.getByRole('button', { name: 'Show more' }));
    expect(first.getByText(longText)).toBeTruthy();
    expect(first.getByRole('button', { name: 'Show less' }).getAttribute('aria-expanded')).toBe('true');
  });

  it('loads older entries with the last one as the cursor, until there are no more', async () => {
    const { logUrls } = staffApi();
    const { user } = await openMessages();
    await screen.findByRole('list', { name: 'SMS log' });
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByText('The oldest one')).toBeTruthy();
    expect(within(screen.getByRole('list', { name: 'SMS log' })).getAllByRole('listitem')).toHaveLength(52);
    const cursor = new URLSearchParams({ before: firstSms[49]!.createdAt, limit: '50' });
    expect(logUrls).toEqual(['/api/admin/messages/sms?limit=50', `/api/admin/messages/sms?${cursor}`]);
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it('shows e-mails under their own tab, with the subject', async () => {
    const { logUrls } = staffApi();
    const { user } = await openMessages();
    await screen.findByRole('list', { name: 'SMS log' });
    await user.selectOptions(screen.getByRole('combobox', { name: 'Message channels' }), 'E-mail');
    const list = await screen.findByRole('list', { name: 'E-mail log' });
    expect(within(list).getByText('kofi@example.com')).toBeTruthy();
    expect(within(list).getByText('Your password reset code')).toBeTruthy();
    expect(logUrls).toContain('/api/admin/messages/email?limit=50');
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });
});
