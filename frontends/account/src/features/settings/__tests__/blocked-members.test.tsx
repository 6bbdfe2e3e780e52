import type { BlockedMember } from '@krom/contracts/http/member-safety';
import { findToast } from '@krom/ui-kit/testing/find-toast.ts';
import { mockApi } from '@krom/ui-kit/testing/mock-api.ts';
import { renderRoutes } from '@krom/ui-kit/testing/render-routes.tsx';
import { aUser, frameAnswers } from '@krom/ui-kit/testing/signed-in-api.ts';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { routes } from '../../../app/routes.tsx';

beforeAll(() => import('../components/account-settings-page.tsx'), 30_000);

const kwame: BlockedMember = {
  memberId: '8f0d6b0e-2f4a-4d8e-9b8a-1f1e7c3a9d01',
  firstName: 'Kwame',
  lastName: 'Asare',
  profileImageUrl: null,
  blockedAt: '2026-11-20T10:00:00.000Z',
};
const efua: BlockedMember = { ...kwame, memberId: '8f0d6b0e-2f4a-4d8e-9b8a-1f1e7c3a9d02', firstName: 'Efua', lastName: 'Mensah' };

/** Account Settings against a server keeping the member's blocks, unless told to fail the unblock. */
function openSettings(unblockStatus = 200) {
  let blocks = [kwame, efua];
  const api = mockApi({
    ...frameAnswers(aUser()),
    'GET /api/user/settings': {
      status: 200,
      body: {
        notifications: { emailNotifications: true, smsNotifications: true, pushNotifications: true, rideReminders: true, promotionalEmails: false },
        privacy: { showPhoneToDrivers: false, showProfileToOthers: true, shareLocationData: true },
      },
    },
    'GET /api/blocks': () => ({ status: 200, body: { blocks } }),
    [`DELETE /api/blocks/${kwame.memberId}`]: () => {
      if (unblockStatus !== 200) return { status: unblockStatus, body: { message: 'Something went wrong' } };
      blocks = blocks.filter((block) => block.memberId !== kwame.memberId);
      return { status: 200, body: { ok: true } };
    },
  });
  return { api, ...renderRoutes(routes, '/account-settings') };
}

describe('Blocked members in Account Settings', () => {
  it('lists the members blocked and unblocks one, who leaves the list', async () => {
    const { api, user } = openSettings();
    const list = await screen.findByRole('list', { name: 'Blocked members' });
    expect(within(list).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      expect.stringContaining('Kwame Asare'),
      expect.stringContaining('Efua Mensah'),
    ]);
    await user.click(within(list).getByRole('button', { name: 'Unblock Kwame Asare' }));
    expect(await findToast()).toEqual({ text: 'Member unblockedKwame Asare can see and book your rides again.', destructive: false });
    expect(api.callsTo('DELETE', `/api/blocks/${kwame.memberId}`)).toHaveLength(1);
    await waitFor(() => expect(screen.queryByText('Kwame Asare')).toBeNull());
    expect(screen.getByText('Efua Mensah')).toBeTruthy();
  });

  it('keeps the member listed and says so when the unblock fails', async () => {
    const { user } = openSettings(500);
    await user.click(await screen.findByRole('button', { name: 'Unblock Kwame Asare' }));
    expect((await findToast()).destructive).toBe(true);
    expect(screen.getByText('Kwame Asare')).toBeTruthy();
  });

  it('says when nobody is blocked', async () => {
    mockApi({
      ...frameAnswers(aUser()),
      'GET /api/user/settings': { status: 500, body: '' },
      'GET /api/blocks': { status: 200, body: { blocks: [] } },
    });
    renderRoutes(routes, '/account-settings');
    expect(await screen.findByText('You have not blocked anyone.')).toBeTruthy();
  });
});
