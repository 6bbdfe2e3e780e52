import type { RemoteRouteModule } from '@krom/ui-kit/remote-route.ts';
import { RouteError } from '@krom/ui-kit/route-error.tsx';
import { mockApi } from '@krom/ui-kit/testing/mock-api.ts';
import { renderRoutes } from '@krom/ui-kit/testing/render-routes.tsx';
import { aUser } from '@krom/ui-kit/testing/signed-in-api.ts';
import { screen, waitFor, within } from '@testing-library/react';
import { useParams } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { PRE_LAUNCH_META } from '../../launch-setting.ts';
import { createAppRoutes } from '../create-routes.tsx';
import { discoverRemoteRoutes, type RemoteDefinition } from '../remote-route-discovery.ts';

function PostRideScreen() {
  return <h1>Turn your empty seats into fuel money</h1>;
}

function RideScreen() {
  return <h1>Ride {useParams().rideId}</h1>;
}

function BrokenScreen(): never {
  throw new Error('render failed');
}

/** A remote's own subtree: nested routes, a param, its error element, lazy screens. */
const marketplaceRoutes: RemoteRouteModule = {
  routes: [
    {
      id: 'marketplace',
      errorElement: <RouteError />,
      children: [
        { path: '/post-ride', lazy: async () => ({ Component: PostRideScreen }) },
        {
          path: '/rides',
          children: [
            { path: ':rideId', lazy: async () => ({ Component: RideScreen }) },
            { path: ':rideId/broken', Component: BrokenScreen },
          ],
        },
      ],
    },
  ],
};

/** Declares a list of paths and a pattern; `load` counts how often the remote's code is fetched. */
function aMarketplace() {
  const load = vi.fn(async () => marketplaceRoutes);
  const remote: RemoteDefinition = { manifest: { name: 'marketplace', paths: ['/post-ride', '/rides/*'] }, load };
  return { remote, load };
}

const unreachable: RemoteDefinition = {
  manifest: { name: 'admin', paths: ['/admin/*'] },
  load: () => Promise.reject(new TypeError('Failed to fetch dynamically imported module')),
};

function open(path: string, remotes: RemoteDefinition[] = [aMarketplace().remote]) {
  return renderRoutes((queryClient) => createAppRoutes({ queryClient }), path, {
    patchRoutesOnNavigation: discoverRemoteRoutes(remotes),
  });
}

describe('route table', () => {
  it('shows Page Not Found for a path no remote declares, without loading any remote', async () => {
    const { remote, load } = aMarketplace();
    open('/nope/deeper', [remote]);
    expect(await screen.findByRole('heading', { name: 'Page Not Found' })).toBeTruthy();
    expect(load).not.toHaveBeenCalled();
  });

  it("renders a remote's screen at a path the remote declares", async () => {
    open('/post-ride');
    expect(await screen.findByRole('heading', { name: 'Turn your empty seats into fuel money' })).toBeTruthy();
  });

  it("renders a nested route of the remote's subtree with its params", async () => {
    open('/rides/r-42');
    expect(await screen.findByRole('heading', { name: 'Ride r-42' })).toBeTruthy();
  });

  it('shows Page Not Found for a path under a declared prefix that the remote does not serve', async () => {
    open('/rides/r-42/seats/extra');
    expect(await screen.findByRole('heading', { name: 'Page Not Found' })).toBeTruthy();
  });

  it("loads a remote's code once, however many of its pages are visited", async () => {
    const { remote, load } = aMarketplace();
    const { router } = open('/post-ride', [remote]);
    await screen.findByRole('heading', { name: 'Turn your empty seats into fuel money' });
    await router.navigate('/rides/r-7');
    expect(await screen.findByRole('heading', { name: 'Ride r-7' })).toBeTruthy();
    await router.navigate('/nope');
    expect(await screen.findByRole('heading', { name: 'Page Not Found' })).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('does not load any remote for the landing page', async () => {
    mockApi({ 'GET /api/auth/user': { status: 401, body: { message: 'Not signed in' } } });
    const { remote, load } = aMarketplace();
    open('/', [remote]);
    expect(await screen.findByRole('heading', { name: "Share the ride between Ghana's cities" })).toBeTruthy();
    expect(load).not.toHaveBeenCalled();
  });

  it("shows the remote's error element when one of its screens fails to render", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    open('/rides/r-1/broken');
    expect(await screen.findByRole('heading', { name: 'Something went wrong' })).toBeTruthy();
  });

  it('explains, instead of a blank page, when a remote cannot be loaded', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    open('/admin', [unreachable]);
    expect(await screen.findByRole('heading', { name: 'Something went wrong' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});

describe('landing page and auth state', () => {
  it('shows the signed-out landing page without waiting for the current user', async () => {
    let answer: (reply: { status: number; body: unknown }) => void = () => {};
    const api = mockApi({
      'GET /api/auth/user': () =>
        new Promise((resolve) => {
          answer = resolve;
        }),
    });
    open('/');
    expect(await screen.findByRole('heading', { name: "Share the ride between Ghana's cities" })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Krom home' }).getAttribute('href')).toBe('/');
    expect(screen.queryByText('Loading...')).toBeNull();

    answer({ status: 401, body: { message: 'Not signed in' } });
    expect(await screen.findByRole('heading', { name: "Share the ride between Ghana's cities" })).toBeTruthy();
    expect(screen.getByText('© 2025 Krom')).toBeTruthy();
    expect(api.callsTo('GET', '/api/auth/user')).toHaveLength(1);
  });

  it('sends a signed-in user on to /dashboard', async () => {
    mockApi({
      'GET /api/auth/user': { status: 200, body: aUser() },
    });
    const { router } = open('/');
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
  });

  it('treats a failing user lookup (not 401) as signed out and logs it', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    mockApi({ 'GET /api/auth/user': { status: 500, body: { message: 'Boom' } } });
    open('/');
    expect(await screen.findByRole('heading', { name: "Share the ride between Ghana's cities" })).toBeTruthy();
    expect(logged).toHaveBeenCalled();
  });

  it('switches the how-it-works steps between drivers (first) and riders with native radio inputs, no script needed', async () => {
    mockApi({ 'GET /api/auth/user': { status: 401, body: { message: 'Not signed in' } } });
    const { user } = open('/');
    const group = await screen.findByRole('radiogroup', { name: 'Show steps for' });
    const drivers = within(group).getByRole('radio', { name: 'For Drivers' }) as HTMLInputElement;
    const riders = within(group).getByRole('radio', { name: 'For Riders' }) as HTMLInputElement;
    expect(drivers.checked).toBe(true);
    expect(riders.checked).toBe(false);
    // Each audience's steps are in the page; CSS shows the one whose radio is checked (the browser test sees it).
    const columns = Array.from(document.querySelectorAll('#how-it-works [data-audience]'), (column) => [column.getAttribute('data-audience'), column.querySelector('h3')?.textContent]);
    expect(columns).toEqual([
      ['riders', 'For Riders'],
      ['drivers', 'For Drivers'],
    ]);
    await user.click(riders);
    expect(riders.checked).toBe(true);
    expect(drivers.checked).toBe(false);
  });

  it('offers Log in in the phone header, beside the menu', async () => {
    mockApi({ 'GET /api/auth/user': { status: 401, body: { message: 'Not signed in' } } });
    const { user, router } = open('/');
    const banner = await screen.findByRole('banner');
    await user.click(within(banner).getByRole('link', { name: 'Log in' }));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });

  it('says nothing of a launch while the marketplace is open (no pre-launch setting)', async () => {
    mockApi({ 'GET /api/auth/user': { status: 401, body: { message: 'Not signed in' } } });
    open('/');
    expect(await screen.findByRole('heading', { name: "Share the ride between Ghana's cities" })).toBeTruthy();
    expect(screen.queryByText(/coming soon to Ghana/)).toBeNull();
    expect(screen.queryByRole('link', { name: 'Join the waitlist' })).toBeNull();
  });

  it('before launch (the web server marks the page), points to the waitlist', async () => {
    mockApi({ 'GET /api/auth/user': { status: 401, body: { message: 'Not signed in' } } });
    document.head.insertAdjacentHTML('beforeend', PRE_LAUNCH_META);
    try {
      open('/');
      expect(await screen.findByText(/Krom is coming soon to Ghana\./)).toBeTruthy();
      expect(screen.getByRole('link', { name: 'Join the waitlist' }).getAttribute('href')).toBe('/waitlist');
    } finally {
      document.head.querySelector('meta[name="krom-launch"]')?.remove();
    }
  });

  it('has a phone menu the browser opens and closes by itself (a popover): the three sections, Log in and Get Started', async () => {
    mockApi({ 'GET /api/auth/user': { status: 401, body: { message: 'Not signed in' } } });
    open('/');
    // jsdom has no popovers: the attributes that make the browser open it, close it (the close
    // button, Escape, a tap beside it) are what is checked here; the browser test opens it.
    const openButton = await screen.findByRole('button', { name: 'Open menu' });
    // Closed, it is hidden, and a hidden element has no accessible name: its label is checked as written.
    const menu = screen.getByRole('dialog', { hidden: true });
    expect(menu.getAttribute('aria-label')).toBe('Menu');
    expect(menu.getAttribute('popover')).toBe('auto');
    expect(openButton.getAttribute('popovertarget')).toBe(menu.id);
    const close = within(menu).getByRole('button', { hidden: true });
    expect(close.getAttribute('aria-label')).toBe('Close menu');
    expect(close.getAttribute('popovertarget')).toBe(menu.id);
    expect(close.getAttribute('popovertargetaction')).toBe('hide');
    const links = Array.from(menu.querySelectorAll('a')).map((link) => [link.textContent, link.getAttribute('href')]);
    expect(links).toEqual([
      ['How It Works', '#how-it-works'],
      ['Why Use Krom', '#why-use-krom'],
      ['Testimonials', '#testimonials'],
      ['Log in', '/login'],
      ['Get Started', '/create-account'],
    ]);
  });
});
