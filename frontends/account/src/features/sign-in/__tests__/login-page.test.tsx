import { currentUserQueryKey } from '@krom/ui-kit/current-user.ts';
import { findToast } from '@krom/ui-kit/testing/find-toast.ts';
import { mockApi } from '@krom/ui-kit/testing/mock-api.ts';
import { renderRoutes } from '@krom/ui-kit/testing/render-routes.tsx';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { authRoutes } from '../../../app/__tests__/auth-routes.tsx';
import { ama } from '../../../app/__tests__/signed-in-user.tsx';

const signedOut = { 'GET /api/auth/user': { status: 401, body: { message: 'Not signed in' } } };

function openLogin(path = '/login') {
  return renderRoutes([...authRoutes, { path: '/ride-listings', element: <h1>Available Rides</h1> }], path);
}

async function logIn(view: ReturnType<typeof openLogin>, email: string, password: string) {
  await view.user.type(await screen.findByLabelText('Email'), email);
  await view.user.type(screen.getByLabelText('Password'), password);
  await view.user.click(screen.getByRole('button', { name: 'Log In' }));
}

describe('login (/login)', () => {
  it('shows the spec messages for a bad email and a missing password, and sends nothing', async () => {
    const api = mockApi(signedOut);
    const { user } = openLogin();
    await user.click(await screen.findByRole('button', { name: 'Log In' }));

    expect(screen.getByText('Please enter a valid email address')).toBeTruthy();
    expect(screen.getByText('Password is required')).toBeTruthy();
    expect(screen.getByLabelText('Email').getAttribute('aria-invalid')).toBe('true');

    await user.type(screen.getByLabelText('Email'), 'ama@example');
    expect(screen.getByText('Please enter a valid email address')).toBeTruthy();
    await user.type(screen.getByLabelText('Email'), '.com');
    expect(screen.queryByText('Please enter a valid email address')).toBeNull();
    expect(api.callsTo('POST', '/api/auth/login')).toHaveLength(0);
  });

  it('signs in, shows "Logging In..." meanwhile, and opens the dashboard as the signed-in user', async () => {
    let answer: (reply: { status: number; body: unknown }) => void = () => {};
    let signedIn = false;
    const api = mockApi({
      'GET /api/auth/user': () => (signedIn ? { status: 200, body: ama } : signedOut['GET /api/auth/user']),
      'POST /api/auth/login': () =>
        new Promise((resolve) => {
          answer = (reply) => {
            signedIn = true;
            resolve(reply);
          };
        }),
    });
    const view = openLogin();
    await logIn(view, 'ama@example.com', 'Akwaaba2026');

    const pending = await screen.findByRole('button', { name: 'Logging In...' });
    expect((pending as HTMLButtonElement).disabled).toBe(true);
    expect(api.callsTo('POST', '/api/auth/login')[0]?.body).toEqual({ email: 'ama@example.com', password: 'Akwaaba2026' });
    // The app had already read "signed out" before the login.
    expect(view.queryClient.getQueryData(currentUserQueryKey)).toBeNull();

    answer({ status: 200, body: ama });
    expect(await screen.findByRole('heading', { name: 'Dashboard of Ama' })).toBeTruthy();
    expect(view.router.state.location.pathname).toBe('/dashboard');
  });

  it('goes back to the page that sent the visitor to log in, a path on this site only', async () => {
    let signedIn = false;
    mockApi({
      'GET /api/auth/user': () => (signedIn ? { status: 200, body: ama } : signedOut['GET /api/auth/user']),
      'POST /api/auth/login': () => {
        signedIn = true;
        return { status: 200, body: ama };
      },
    });
    const back = openLogin(`/login?${new URLSearchParams({ next: '/ride-listings?from=Accra&to=Bolgatanga' })}`);
    await logIn(back, 'ama@example.com', 'Akwaaba2026');
    expect(await screen.findByRole('heading', { name: 'Available Rides' })).toBeTruthy();
    expect(`${back.router.state.location.pathname}${back.router.state.location.search}`).toBe('/ride-listings?from=Accra&to=Bolgatanga');
  });

  it('goes to the dashboard when the return address is another site', async () => {
    let signedIn = false;
    mockApi({
      'GET /api/auth/user': () => (signedIn ? { status: 200, body: ama } : signedOut['GET /api/auth/user']),
      'POST /api/auth/login': () => {
        signedIn = true;
        return { status: 200, body: ama };
      },
    });
    const view = openLogin('/login?next=%2F%2Fevil.example%2Fsteal');
    await logIn(view, 'ama@example.com', 'Akwaaba2026');
    expect(await screen.findByRole('heading', { name: 'Dashboard of Ama' })).toBeTruthy();
  });

  it('says "Login Failed" with the server\'s message when the server gives one', async () => {
    mockApi({
      ...signedOut,
      'POST /api/auth/login': { status: 429, body: { message: 'Too many attempts. Please wait a minute and try again.' } },
    });
    const view = openLogin();
    await logIn(view, 'ama@example.com', 'Akwaaba2026');
    expect(await findToast()).toEqual({
      text: 'Login FailedToo many attempts. Please wait a minute and try again.',
      destructive: true,
    });
    expect(view.router.state.location.pathname).toBe('/login');
  });

  it('says "Invalid email or password. Please try again." when the failure carries no message', async () => {
    mockApi({ ...signedOut, 'POST /api/auth/login': { status: 502, body: '<html>Bad Gateway</html>' } });
    const view = openLogin();
    await logIn(view, 'ama@example.com', 'wrong-password');
    expect(await findToast()).toEqual({ text: 'Login FailedInvalid email or password. Please try again.', destructive: true });
    expect(screen.getByRole('button', { name: 'Log In' })).toBeTruthy();
  });

  it('shows and hides the password', async () => {
    mockApi(signedOut);
    const { user } = openLogin();
    const password = (await screen.findByLabelText('Password')) as HTMLInputElement;
    await user.type(password, 'Akwaaba2026');
    expect(password.type).toBe('password');
    await user.click(screen.getByRole('button', { name: 'Show password' }));
    expect(password.type).toBe('text');
    expect(password.value).toBe('Akwaaba2026');
    await user.click(screen.getByRole('button', { name: 'Hide password' }));
    expect(password.type).toBe('password');
  });

  it('links to password recovery and to sign-up', async () => {
    mockApi(signedOut);
    const { user, router } = openLogin();
    await user.click(await screen.findByRole('link', { name: 'Forgot password?' }));
    expect(await screen.findByRole('heading', { name: 'Password Recovery' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/forgot-password');

    await router.navigate('/login');
    await user.click(await screen.findByRole('link', { name: 'Sign up' }));
    expect(await screen.findByRole('heading', { name: 'Create Account' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/create-account');
  });
});

describe('signed-in visitors', () => {
  it.each(['/login', '/create-account'])('are sent from %s to the dashboard', async (path) => {
    mockApi({ 'GET /api/auth/user': { status: 200, body: ama } });
    const { router } = renderRoutes(authRoutes, path);
    expect(await screen.findByRole('heading', { name: 'Dashboard of Ama' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/dashboard');
  });

  it.each(['/login', '/create-account'])('see the form at %s before it is known who they are', async (path) => {
    mockApi({ 'GET /api/auth/user': () => new Promise(() => {}) });
    renderRoutes(authRoutes, path);
    expect(await screen.findByRole('button', { name: path === '/login' ? 'Log In' : 'Sign up' })).toBeTruthy();
    expect(screen.queryByText('Loading...')).toBeNull();
  });
});
