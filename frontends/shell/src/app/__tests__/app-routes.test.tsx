import { mockApi } from '@krom/ui-kit/testing/mock-api.ts';
import { renderRoutes } from '@krom/ui-kit/testing/render-routes.tsx';
import { aUser } from '@krom/ui-kit/testing/signed-in-api.ts';
import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { createAppRoutes, type RemoteDefinition } from '../create-routes.tsx';

function PostRideScreen() {
  return <h1>Turn your empty seats into fuel money</h1>;
}

/** A remote as the shell sees it: a list of paths and a module loaded on first visit. */
const marketplace: RemoteDefinition = {
  name: 'marketplace',
  paths: ['/post-ride'],
  load: async () => ({ routes: [{ path: '/post-ride', lazy: async () => ({ Component: PostRideScreen }) }] }),
};

const unreachable: RemoteDefinition = {
  name: 'admin',
  paths: ['/admin'],
  load: () => Promise.reject(new TypeError('Failed to fetch dynamically imported module')),
};

function open(path: string, remotes: RemoteDefinition[] = [marketplace]) {
  return renderRoutes((queryClient) => createAppRoutes({ remotes, queryClient }), path);
}

describe('route table', () => {
  it('shows Page Not Found for any unknown path', async () => {
    open('/nope/deeper');
    expect(await screen.findByRole('heading', { name: 'Page Not Found' })).toBeTruthy();
  });

  it("renders a remote's screen at the path the remote serves", async () => {
    open('/post-ride');
    expect(await screen.findByRole('heading', { name: 'Turn your empty seats into fuel money' })).toBeTruthy();
  });

  it('explains, instead of a blank page, when a remote cannot be loaded', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    open('/admin', [unreachable]);
    expect(await screen.findByRole('heading', { name: 'Something went wrong' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});

describe('landing page and auth state', () => {
  it('shows Loading... until the current user is known, then the signed-out landing page', async () => {
    let answer: (reply: { status: number; body: unknown }) => void = () => {};
    const api = mockApi({
      'GET /api/auth/user': () =>
        new Promise((resolve) => {
          answer = resolve;
        }),
    });
    open('/');
    expect(await screen.findByText('Loading...')).toBeTruthy();

    answer({ status: 401, body: { message: 'Not signed in' } });
    expect(await screen.findByRole('heading', { name: "Share the ride between Ghana's cities" })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Krom home' }).getAttribute('href')).toBe('/');
    expect(screen.getByText('© 2025 Krom')).toBeTruthy();
    expect(api.callsTo('GET', '/api/auth/user')).toHaveLength(1);
  });

  it('sends a signed-in user on to /dashboard', async () => {
    mockApi({
      'GET /api/auth/user': { status: 200, body: aUser() },
    });
    const { router } = open('/');
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'), { timeout: 5000 });
  });

  it('treats a failing user lookup (not 401) as signed out and logs it', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    mockApi({ 'GET /api/auth/user': { status: 500, body: { message: 'Boom' } } });
    open('/');
    expect(await screen.findByRole('heading', { name: "Share the ride between Ghana's cities" })).toBeTruthy();
    expect(logged).toHaveBeenCalled();
  });

  it('switches the how-it-works steps between drivers (first) and riders', async () => {
    mockApi({ 'GET /api/auth/user': { status: 401, body: { message: 'Not signed in' } } });
    const { user } = open('/');
    const drivers = await screen.findByRole('button', { name: 'For Drivers' });
    const riders = screen.getByRole('button', { name: 'For Riders' });
    expect(drivers.getAttribute('aria-pressed')).toBe('true');
    expect(riders.getAttribute('aria-pressed')).toBe('false');
    await user.click(riders);
    expect(riders.getAttribute('aria-pressed')).toBe('true');
    expect(drivers.getAttribute('aria-pressed')).toBe('false');
  });

  it('opens the mobile menu with the three sections and Get Started', async () => {
    mockApi({ 'GET /api/auth/user': { status: 401, body: { message: 'Not signed in' } } });
    const { user } = open('/');
    await user.click(await screen.findByRole('button', { name: 'Open menu' }));
    const menu = screen.getByRole('dialog', { name: 'Menu' });
    const links = Array.from(menu.querySelectorAll('a')).map((link) => [link.textContent, link.getAttribute('href')]);
    expect(links).toEqual([
      ['How It Works', '#how-it-works'],
      ['Why Use Krom', '#why-use-krom'],
      ['Testimonials', '#testimonials'],
      ['Get Started', '/create-account'],
    ]);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog', { name: 'Menu' })).toBeNull();
  });
});
