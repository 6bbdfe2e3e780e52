import type { User } from '@krom/contracts/http/auth';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { FakeEventSource } from '../testing/fake-event-source.ts';
import { findToast } from '../testing/find-toast.ts';
import { mockApi } from '../testing/mock-api.ts';
import { renderRoutes } from '../testing/render-routes.tsx';
import { useAuth } from './current-user.ts';
import { declareScreens } from './declared-screens.ts';
import { RequireSignedIn } from './require-signed-in.tsx';
import { SignedInFrame } from './signed-in-frame.tsx';

const ama: User = {
  id: '0f9b6a3e-2c4d-4e5f-8a9b-1c2d3e4f5a6b',
  firstName: 'Ama',
  lastName: 'Mensah',
  email: 'ama@example.com',
  phone: '0241234567',
  emergencyContactName: null,
  emergencyContactPhone: null,
  profileImageUrl: null,
  isVerified: false,
  verificationStatus: 'not_submitted',
  isDriver: false,
  driverVerificationStatus: 'not_submitted',
  createdAt: '2026-11-01T08:00:00.000Z',
};

function Home() {
  const { isLoading, isAuthenticated } = useAuth();
  return <h1>{isLoading ? 'Checking' : isAuthenticated ? 'Home, signed in' : 'Home, signed out'}</h1>;
}

function GuardedPage() {
  return (
    <RequireSignedIn>
      {(user) => (
        <SignedInFrame user={user}>
          <h1>Guarded page</h1>
        </SignedInFrame>
      )}
    </RequireSignedIn>
  );
}

const routes = [
  { path: '/', Component: Home },
  { path: '/login', Component: () => <h1>Log in</h1> },
  { path: '/profile', Component: GuardedPage },
];

/** A signed-in user on a guarded page; the server ends the session on logout unless told to fail. */
function openSignedIn(options: { user?: User; unread?: number; unreadMessages?: () => number; logout?: { status: number; body?: unknown } } = {}) {
  let signedIn = true;
  const api = mockApi({
    'GET /api/auth/user': () => (signedIn ? { status: 200, body: options.user ?? ama } : { status: 401, body: { message: 'Sign-in required' } }),
    'GET /api/notifications': { status: 200, body: { items: [], unreadCount: options.unread ?? 0, actionRequiredCount: 0 } },
    'GET /api/messages/unread-count': () => ({ status: 200, body: { count: options.unreadMessages?.() ?? 0 } }),
    'POST /api/auth/logout': () => {
      if (options.logout) return options.logout;
      signedIn = false;
      return { status: 200, body: { ok: true } };
    },
  });
  return { api, ...renderRoutes(routes, '/profile') };
}

const menu = () => screen.getByRole('dialog', { name: 'Account menu' });

describe('signed-in frame', () => {
  it('has a logo to /dashboard, a bell to /notifications with the unread count, and the avatar initials', async () => {
    openSignedIn({ unread: 3 });
    await screen.findByRole('heading', { name: 'Guarded page' });
    expect(screen.getByRole('link', { name: 'Krom home' }).getAttribute('href')).toBe('/dashboard');
    const bell = await screen.findByRole('link', { name: 'Notifications, 3 unread' });
    expect(bell.getAttribute('href')).toBe('/notifications');
    expect(bell.textContent).toBe('3');
    expect(screen.getByRole('button', { name: 'Open account menu' }).textContent).toBe('AM');
  });

  it('has Messages in the header and the side menu with the unread count', async () => {
    const { user } = openSignedIn({ unreadMessages: () => 2 });
    const messages = await screen.findByRole('link', { name: 'Messages, 2 unread' });
    expect(messages.getAttribute('href')).toBe('/messages');
    expect(messages.textContent).toBe('2');
    await user.click(screen.getByRole('button', { name: 'Open account menu' }));
    const entry = within(menu()).getByRole('link', { name: 'Messages, 2 unread' });
    expect(entry.getAttribute('href')).toBe('/messages');
  });

  it('reads the unread messages again when a notification arrives on the stream (a new message is announced so)', async () => {
    FakeEventSource.install();
    let unreadMessages = 0;
    openSignedIn({ unreadMessages: () => unreadMessages });
    expect(await screen.findByRole('link', { name: 'Messages' })).toBeTruthy();
    const stream = await FakeEventSource.current();
    unreadMessages = 1;
    stream.emit(
      'notification',
      JSON.stringify({
        id: '7e8f9a0b-1c2d-4e3f-8a4b-5c6d7e8f9a0b',
        type: 'system',
        title: 'New message',
        message: 'Kofi: Yes, one small bag.',
        data: null,
        isRead: false,
        actionRequired: false,
        createdAt: '2026-11-28T10:05:00.000Z',
      }),
    );
    expect(await screen.findByRole('link', { name: 'Messages, 1 unread' })).toBeTruthy();
  });

  it('has no Messages link while the app has no /messages screen', async () => {
    declareScreens(['/profile', '/notifications', '/login']);
    try {
      openSignedIn({ unreadMessages: () => 3 });
      expect(await screen.findByRole('link', { name: 'Notifications' })).toBeTruthy();
      expect(screen.queryByRole('link', { name: /^Messages/ })).toBeNull();
    } finally {
      declareScreens(undefined);
    }
  });

  it('shows the profile photo in the avatar once there is one', async () => {
    const { container } = openSignedIn({ user: { ...ama, profileImageUrl: '/api/uploads/ProfilePhoto000000001' } });
    const button = await screen.findByRole('button', { name: 'Open account menu' });
    expect(button.querySelector('img')?.getAttribute('src')).toBe('/api/uploads/ProfilePhoto000000001');
    expect(button.textContent).toBe('');
    expect(container.querySelector('img[alt=""]')).toBeTruthy();
  });

  it("opens the side menu with the spec's entries, in order", async () => {
    const { user } = openSignedIn();
    await user.click(await screen.findByRole('button', { name: 'Open account menu' }));
    expect(within(menu()).getByText('Ama Mensah')).toBeTruthy();
    expect(within(menu()).getByText('ama@example.com')).toBeTruthy();
    expect(within(menu()).getAllByRole('link').map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Dashboard', '/dashboard'],
      ['Messages', '/messages'],
      ['Find a Ride', '/ride-listings'],
      ['Post a Ride', '/create-ride'],
      ['My Vehicles', '/manage-vehicles'],
      ['Passenger', '/rides/as-passenger'],
      ['Driver', '/rides/as-driver'],
      ['Profile', '/profile'],
      ['Account Settings', '/account-settings'],
      ['Verify Identity', '/verify-identity'],
      ['Payments', '/payments'],
      ['Payouts', '/driver-dashboard'],
    ]);
    expect(within(menu()).getAllByRole('heading').map((heading) => heading.textContent)).toEqual(['Rides', 'Account', 'Payments']);
    expect(within(menu()).getByRole('link', { name: 'Profile' }).getAttribute('aria-current')).toBe('page');
    expect(within(menu()).getByRole('button', { name: 'Logout' })).toBeTruthy();
  });

  it('leaves out an entry whose screen the app does not have, and a group left with none', async () => {
    // Every screen the menu names but the Rides group's and Payouts.
    declareScreens(['/dashboard', '/ride-listings', '/create-ride', '/manage-vehicles', '/profile', '/account-settings', '/verify-identity', '/payments', '/login']);
    try {
      const { user } = openSignedIn();
      await user.click(await screen.findByRole('button', { name: 'Open account menu' }));
      expect(within(menu()).getAllByRole('link').map((link) => link.textContent)).toEqual([
        'Dashboard',
        'Find a Ride',
        'Post a Ride',
        'My Vehicles',
        'Profile',
        'Account Settings',
        'Verify Identity',
        'Payments',
      ]);
      expect(within(menu()).getAllByRole('heading').map((heading) => heading.textContent)).toEqual(['Account', 'Payments']);
    } finally {
      declareScreens(undefined);
    }
  });

  it('closes the menu from its close button and from the overlay', async () => {
    const { user } = openSignedIn();
    const avatar = await screen.findByRole('button', { name: 'Open account menu' });
    await user.click(avatar);
    expect(avatar.getAttribute('aria-expanded')).toBe('true');
    await user.click(within(menu()).getByRole('button', { name: 'Close menu' }));
    expect(screen.queryByRole('dialog', { name: 'Account menu' })).toBeNull();

    await user.click(avatar);
    const overlay = menu().previousElementSibling as HTMLElement;
    await user.click(overlay);
    expect(screen.queryByRole('dialog', { name: 'Account menu' })).toBeNull();
    expect(avatar.getAttribute('aria-expanded')).toBe('false');
  });

  it('logs out: tells the server, goes to / and is signed out there', async () => {
    const { api, user, router } = openSignedIn();
    await user.click(await screen.findByRole('button', { name: 'Open account menu' }));
    await user.click(within(menu()).getByRole('button', { name: 'Logout' }));
    expect(await screen.findByRole('heading', { name: 'Home, signed out' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/');
    expect(api.callsTo('POST', '/api/auth/logout')).toHaveLength(1);
    expect(api.callsTo('GET', '/api/auth/user')).toHaveLength(2);
  });

  it('goes to / even when the logout fails, and says "Logout Failed"', async () => {
    const { user, router } = openSignedIn({ logout: { status: 500, body: '' } });
    await user.click(await screen.findByRole('button', { name: 'Open account menu' }));
    await user.click(within(menu()).getByRole('button', { name: 'Logout' }));
    expect(await findToast()).toEqual({ text: 'Logout Failed', destructive: true });
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    // The session survived, so the user read again at / is still signed in.
    expect(await screen.findByRole('heading', { name: 'Home, signed in' })).toBeTruthy();
  });
});

describe('RequireSignedIn', () => {
  it('shows "Loading..." while the auth state is being determined, then the page', async () => {
    let answer: (reply: { status: number; body: unknown }) => void = () => {};
    mockApi({
      'GET /api/auth/user': () => new Promise((resolve) => (answer = resolve)),
      'GET /api/notifications': { status: 200, body: { items: [], unreadCount: 0, actionRequiredCount: 0 } },
    });
    renderRoutes(routes, '/profile');
    expect(await screen.findByText('Loading...')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Guarded page' })).toBeNull();
    answer({ status: 200, body: ama });
    expect(await screen.findByRole('heading', { name: 'Guarded page' })).toBeTruthy();
  });

  it('sends a signed-out visitor to /login', async () => {
    mockApi({ 'GET /api/auth/user': { status: 401, body: { message: 'Sign-in required' } } });
    const { router } = renderRoutes(routes, '/profile');
    expect(await screen.findByRole('heading', { name: 'Log in' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/login');
  });
});
