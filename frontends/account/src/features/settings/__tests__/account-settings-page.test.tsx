import type { NotificationSettings, PrivacySettings, UserSettings } from '@krom/contracts/http/auth';
import { useAuth } from '@krom/ui-kit/current-user.ts';
import { findToast } from '@krom/ui-kit/testing/find-toast.ts';
import { mockApi } from '@krom/ui-kit/testing/mock-api.ts';
import { renderRoutes } from '@krom/ui-kit/testing/render-routes.tsx';
import { screen, waitFor } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { routes } from '../../../app/routes.tsx';
import { aUser, frameAnswers } from '@krom/ui-kit/testing/signed-in-api.ts';

// The screen loads lazily, as in the browser; compiling it once up front keeps that cost out of
// the first test's time limit on a busy machine.
beforeAll(() => import('../components/account-settings-page.tsx'), 30_000);

function Home() {
  const { isLoading, isAuthenticated } = useAuth();
  return <h1>{isLoading ? 'Checking' : isAuthenticated ? 'Home, signed in' : 'Home, signed out'}</h1>;
}
const elsewhere = [
  { path: '/', Component: Home },
  { path: '/login', Component: () => <h1>Log in</h1> },
];

const savedSettings: UserSettings = {
  notifications: { emailNotifications: true, smsNotifications: false, pushNotifications: true, rideReminders: true, promotionalEmails: true },
  privacy: { showPhoneToDrivers: false, showProfileToOthers: true, shareLocationData: true },
};

type Answer = { status: number; body?: unknown };
const ok: Answer = { status: 200, body: { ok: true } };

/** The settings screen against a server that keeps what is saved, unless told to fail. */
function openSettings(answers: { save?: Answer; password?: Answer; remove?: Answer; download?: Answer } = {}) {
  let settings = structuredClone(savedSettings);
  let signedIn = true;
  const user = aUser();
  const api = mockApi({
    ...frameAnswers(user),
    'GET /api/auth/user': () => (signedIn ? { status: 200, body: user } : { status: 401, body: { message: 'Not signed in' } }),
    'GET /api/user/settings': () => ({ status: 200, body: settings }),
    'GET /api/blocks': { status: 200, body: { blocks: [] } },
    'PUT /api/user/notifications': ({ body }) => {
      if (answers.save) return answers.save;
      settings = { ...settings, notifications: body as NotificationSettings };
      return { status: 200, body: settings };
    },
    'PUT /api/user/privacy': ({ body }) => {
      if (answers.save) return answers.save;
      settings = { ...settings, privacy: body as PrivacySettings };
      return { status: 200, body: settings };
    },
    'POST /api/auth/change-password': answers.password ?? ok,
    'GET /api/user/data-export': () => answers.download ?? { status: 200, body: dataFileOf(user) },
    'DELETE /api/user': () => {
      if ((answers.remove ?? ok).status === 200) signedIn = false;
      return answers.remove ?? ok;
    },
  });
  const view = renderRoutes([...elsewhere, ...routes], '/account-settings');
  return { api, ...view };
}

/** The download's file as the BFF answers it for `user` (the parts other services add left empty). */
const dataFileOf = (user: ReturnType<typeof aUser>) => ({
  format: 'krom-data-export/1',
  exportedAt: '2026-11-28T10:15:00.000Z',
  identity: { account: user, settings: savedSettings, verifications: [] },
  rides: { ridesDriven: [], bookingsMade: [], bookingsReceived: [], reviewsGiven: [], reviewsReceived: [], messages: [] },
  payments: { payments: [], refunds: [], payouts: [], paymentMethods: [] },
});

/** What the browser was handed to save: each file's name and text. */
function savedFiles() {
  const blobs = new Map<string, Blob>();
  const saved: Promise<{ name: string; text: string }>[] = [];
  vi.stubGlobal('URL', Object.assign(URL, {
    createObjectURL: (blob: Blob) => {
      const url = `blob:krom/${blobs.size}`;
      blobs.set(url, blob);
      return url;
    },
    revokeObjectURL: () => undefined,
  }));
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    const blob = blobs.get(this.href);
    if (!blob) return;
    const name = this.download;
    saved.push(
      new Promise((resolve) => {
        const reader = new FileReader();
        reader.onload = () => resolve({ name, text: String(reader.result) });
        reader.readAsText(blob);
      }),
    );
  });
  return () => Promise.all(saved);
}

const toggle = (name: string) => screen.getByRole('switch', { name: new RegExp(`^${name}`) }) as HTMLInputElement;
const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;

describe('/account-settings', () => {
  it('sends a signed-out visitor to /login', async () => {
    mockApi({ 'GET /api/auth/user': { status: 401, body: { message: 'Not signed in' } } });
    const { router } = renderRoutes([...elsewhere, ...routes], '/account-settings');
    expect(await screen.findByRole('heading', { name: 'Log in' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/login');
  });

  it('shows its four sections and the toggles as they were saved', async () => {
    openSettings();
    expect(await screen.findByRole('heading', { level: 1, name: 'Account Settings' })).toBeTruthy();
    await screen.findByRole('switch', { name: /^Email Notifications/ });
    for (const section of ['Security', 'Notifications', 'Privacy', 'Danger Zone']) {
      expect(screen.getByRole('region', { name: section })).toBeTruthy();
    }
    expect(toggle('Email Notifications').checked).toBe(true);
    expect(toggle('SMS Notifications').checked).toBe(false);
    expect(toggle('Ride Reminders').checked).toBe(true);
    expect(toggle('Promotional Emails').checked).toBe(true);
    expect(toggle('Show Phone to Drivers').checked).toBe(false);
    expect(toggle('Show Profile to Others').checked).toBe(true);
  });
});

describe('notification and privacy toggles', () => {
  it('saves the full notification settings at once, confirms, and shows the same after a reload', async () => {
    const { api, user, unmount } = openSettings();
    await user.click(await screen.findByRole('switch', { name: /^SMS Notifications/ }));
    expect(await findToast()).toEqual({ text: 'Settings UpdatedYour notification settings have been saved.', destructive: false });
    expect(api.callsTo('PUT', '/api/user/notifications')[0]?.body).toEqual({
      emailNotifications: true,
      smsNotifications: true,
      pushNotifications: true,
      rideReminders: true,
      promotionalEmails: true,
    });
    expect(toggle('SMS Notifications').checked).toBe(true);

    unmount();
    mockApi({ ...frameAnswers(aUser()), 'GET /api/user/settings': { status: 200, body: savedSettingsAfterSms() }, 'GET /api/blocks': { status: 200, body: { blocks: [] } } });
    renderRoutes([...elsewhere, ...routes], '/account-settings');
    await screen.findByRole('switch', { name: /^SMS Notifications/ });
    expect(toggle('SMS Notifications').checked).toBe(true);
  });

  it('saves the full privacy settings, including the ones not shown', async () => {
    const { api, user } = openSettings();
    await user.click(await screen.findByRole('switch', { name: /^Show Phone to Drivers/ }));
    expect(await findToast()).toEqual({ text: 'Settings UpdatedYour privacy settings have been saved.', destructive: false });
    expect(api.callsTo('PUT', '/api/user/privacy')[0]?.body).toEqual({
      showPhoneToDrivers: true,
      showProfileToOthers: true,
      shareLocationData: true,
    });
    expect(toggle('Show Phone to Drivers').checked).toBe(true);
  });

  it('puts the switch back and says so when the save fails', async () => {
    const { user } = openSettings({ save: { status: 500, body: '' } });
    await user.click(await screen.findByRole('switch', { name: /^Promotional Emails/ }));
    expect(await findToast()).toEqual({ text: 'ErrorFailed to update settings. Please try again.', destructive: true });
    await waitFor(() => expect(toggle('Promotional Emails').checked).toBe(true));

    await user.click(toggle('Show Profile to Others'));
    await waitFor(() => expect(toggle('Show Profile to Others').checked).toBe(true));
    expect((await findToast()).text).toBe('ErrorFailed to update settings. Please try again.');
  });
});

function savedSettingsAfterSms(): UserSettings {
  return { ...savedSettings, notifications: { ...savedSettings.notifications, smsNotifications: true } };
}

describe('change password', () => {
  it('checks the rules before sending anything', async () => {
    const { api, user } = openSettings();
    const submit = await screen.findByRole('button', { name: 'Change Password' });
    await user.click(submit);
    expect(await screen.findByText('Current password is required')).toBeTruthy();
    expect(screen.getByText('New password must be at least 6 characters long.')).toBeTruthy();

    await user.type(field('Current Password'), 'old-secret');
    await user.type(field('New Password'), 'abc12');
    await user.type(field('Confirm New Password'), 'abc12');
    await user.click(submit);
    expect(await screen.findByText('New password must be at least 6 characters long.')).toBeTruthy();
    expect(screen.queryByText('New passwords do not match.')).toBeNull();

    await user.clear(field('New Password'));
    await user.type(field('New Password'), 'kumasi-2026');
    await user.clear(field('Confirm New Password'));
    await user.type(field('Confirm New Password'), 'kumasi-2027');
    await user.click(submit);
    expect(await screen.findByText('New passwords do not match.')).toBeTruthy();
    expect(screen.queryByText('New password must be at least 6 characters long.')).toBeNull();
    expect(api.callsTo('POST', '/api/auth/change-password')).toHaveLength(0);
  });

  it('changes the password, confirms and clears the form', async () => {
    const { api, user } = openSettings();
    await user.type(await screen.findByLabelText('Current Password'), 'old-secret');
    await user.type(field('New Password'), 'kumasi-2026');
    await user.type(field('Confirm New Password'), 'kumasi-2026');
    await user.click(screen.getByRole('button', { name: 'Change Password' }));
    expect(await findToast()).toEqual({ text: 'Password ChangedYour password has been updated.', destructive: false });
    expect(api.callsTo('POST', '/api/auth/change-password')[0]?.body).toEqual({ currentPassword: 'old-secret', newPassword: 'kumasi-2026' });
    expect(field('Current Password').value).toBe('');
    expect(field('New Password').value).toBe('');
  });

  it("shows the server's reason, else the spec's default", async () => {
    const first = openSettings({ password: { status: 400, body: { message: 'Current password is incorrect.' } } });
    await first.user.type(await screen.findByLabelText('Current Password'), 'wrong-one');
    await first.user.type(field('New Password'), 'kumasi-2026');
    await first.user.type(field('Confirm New Password'), 'kumasi-2026');
    await first.user.click(screen.getByRole('button', { name: 'Change Password' }));
    expect(await findToast()).toEqual({ text: 'ErrorCurrent password is incorrect.', destructive: true });
    expect(field('Current Password').value).toBe('wrong-one');
    first.unmount();

    const second = openSettings({ password: { status: 502, body: '<html>Bad Gateway</html>' } });
    await second.user.type(await screen.findByLabelText('Current Password'), 'old-secret');
    await second.user.type(field('New Password'), 'kumasi-2026');
    await second.user.type(field('Confirm New Password'), 'kumasi-2026');
    await second.user.click(screen.getByRole('button', { name: 'Change Password' }));
    expect(await findToast()).toEqual({ text: 'ErrorFailed to change password. Please try again.', destructive: true });
  });
});

describe('delete account', () => {
  it('asks first, and does nothing when the person says no', async () => {
    const confirm = vi.fn(() => false);
    vi.stubGlobal('confirm', confirm);
    const { api, user } = openSettings();
    await user.click(await screen.findByRole('button', { name: 'Delete Account' }));
    expect(confirm).toHaveBeenCalledWith('Are you sure you want to delete your account? This action cannot be undone.');
    expect(api.callsTo('DELETE', '/api/user')).toHaveLength(0);
  });

  it('deletes the account, signs the person out and goes to /', async () => {
    vi.stubGlobal('confirm', vi.fn(() => true));
    const { api, user, router } = openSettings();
    await user.click(await screen.findByRole('button', { name: 'Delete Account' }));
    expect(await screen.findByRole('heading', { name: 'Home, signed out' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/');
    expect(api.callsTo('DELETE', '/api/user')).toHaveLength(1);
    expect(await findToast()).toEqual({ text: 'Account DeletedYour account and personal details have been erased.', destructive: false });
  });

  it('stays signed in and says so when the deletion fails', async () => {
    vi.stubGlobal('confirm', vi.fn(() => true));
    const { user, router } = openSettings({ remove: { status: 500, body: '' } });
    await user.click(await screen.findByRole('button', { name: 'Delete Account' }));
    expect(await findToast()).toEqual({ text: 'ErrorFailed to delete account. Please try again.', destructive: true });
    expect(router.state.location.pathname).toBe('/account-settings');
  });
});

describe('download your data', () => {
  it("saves the member's data as krom-data-<date>.json, fetched through the session", async () => {
    const files = savedFiles();
    const { api, user } = openSettings();
    expect(await screen.findByRole('region', { name: 'Download your data' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Download my data' }));
    await waitFor(async () => expect(await files()).toHaveLength(1));
    const [file] = await files();
    expect(file?.name).toBe('krom-data-2026-11-28.json');
    const saved = JSON.parse(file?.text ?? '{}');
    expect(saved.identity.account).toMatchObject({ firstName: aUser().firstName, lastName: aUser().lastName, email: aUser().email });
    expect(api.callsTo('GET', '/api/user/data-export')).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Download my data' })).toBeTruthy();
  });

  it("saves nothing and says why when the download is refused", async () => {
    const files = savedFiles();
    const { user } = openSettings({ download: { status: 429, body: { message: "You're doing that too often. Please try again in 58 minutes." } } });
    await user.click(await screen.findByRole('button', { name: 'Download my data' }));
    expect(await findToast()).toEqual({ text: "ErrorYou're doing that too often. Please try again in 58 minutes.", destructive: true });
    expect(await files()).toEqual([]);
  });
});
