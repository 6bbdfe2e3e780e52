import { mockApi } from '@krom/ui-kit/testing/mock-api.ts';
import { renderRoutes } from '@krom/ui-kit/testing/render-routes.tsx';
import { aUser, frameAnswers } from '@krom/ui-kit/testing/signed-in-api.ts';
import { screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { routes } from '../../../app/routes.tsx';
import { aConversation, rideToCapeCoast, summaryOf } from './message-fixtures.ts';

beforeAll(() => import('../components/messages-page.tsx'), 30_000);

function openMessages(list: unknown[]) {
  const api = mockApi({ ...frameAnswers(aUser()), 'GET /api/messages': { status: 200, body: { conversations: list } } });
  return { api, ...renderRoutes(routes, '/messages') };
}

describe('/messages', () => {
  it('lists the conversations in the order the server gives (newest first): whom, which ride, the last message and the unread count', async () => {
    const withKofi = aConversation({ unreadCount: 2 }, [
      { body: 'Is there room for a bag?', mine: true },
      { body: 'Yes, one small bag.', sentAt: '2026-11-28T10:05:00.000Z' },
    ]);
    const withEsi = aConversation(
      { ride: rideToCapeCoast, role: 'driver', otherMember: { id: '6d7e8f9a-0b1c-4d2e-8f3a-4b5c6d7e8f9a', firstName: 'Esi', profileImageUrl: '/api/uploads/EsiPhoto00000001' } },
      [{ body: 'See you at Circle.', mine: true, sentAt: '2026-11-20T16:45:00.000Z' }],
    );
    openMessages([summaryOf(withKofi), summaryOf(withEsi)]);
    const list = await screen.findByRole('list', { name: 'Conversations' });
    const [first, second] = within(list).getAllByRole('link');
    expect(first?.getAttribute('aria-label')).toBe('Kofi, Kaneshie Station to Kejetia Market, 2 unread');
    expect(first?.getAttribute('href')).toBe(`/messages/${withKofi.id}`);
    expect(first?.textContent).toContain('Kaneshie Station → Kejetia Market · Sat, Dec 5, 2026 · 7:30 AM');
    expect(first?.textContent).toContain('Yes, one small bag.');
    expect(first?.textContent).toMatch(/2$/);
    expect(second?.getAttribute('aria-label')).toBe('Esi, Circle to Cape Coast Castle');
    expect(second?.textContent).toContain('You: See you at Circle.');
    expect(second?.textContent).toContain('20 Nov 2026, 16:45');
    expect(second?.querySelector('img')?.getAttribute('src')).toBe('/api/uploads/EsiPhoto00000001');
  });

  it('says there are no messages yet, and where to start one', async () => {
    openMessages([]);
    expect(await screen.findByText('No messages yet')).toBeTruthy();
    expect(screen.getByText('Ask a driver about a ride from its page with Contact Driver.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Find a Ride' }).getAttribute('href')).toBe('/ride-listings');
  });
});
