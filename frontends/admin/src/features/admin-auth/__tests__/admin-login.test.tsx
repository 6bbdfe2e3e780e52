import { mockApi } from '@krom/ui-kit/testing/mock-api.ts';
import { findToast } from '@krom/ui-kit/testing/find-toast.ts';
import { renderRoutes } from '@krom/ui-kit/testing/render-routes.tsx';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { routes } from '../../../app/routes.tsx';

const admin = { id: '5b4c9a57-62a5-4c3b-9a3e-1a2b3c4d5e6f', username: 'ama', roles: ['administrator'], createdAt: '2025-03-01T09:30:00.000Z' };

async function signIn(username: string, password: string) {
  const view = renderRoutes(routes, '/admin/login');
  await view.user.type(await screen.findByLabelText('Username'), username);
  await view.user.type(screen.getByLabelText('Password'), password);
  await view.user.click(screen.getByRole('button', { name: 'Sign In' }));
  return view;
}

describe('admin login', () => {
  it('requires both fields and sends nothing without them', async () => {
    const api = mockApi({});
    const { user } = renderRoutes(routes, '/admin/login');
    await user.click(await screen.findByRole('button', { name: 'Sign In' }));
    expect(screen.getByText('Username is required')).toBeTruthy();
    expect(screen.getByText('Password is required')).toBeTruthy();
    expect(api.calls).toHaveLength(0);
  });

  it('welcomes the admin and opens the admin panel', async () => {
    let answer: (reply: { status: number; body: unknown }) => void = () => {};
    const api = mockApi({
      'POST /api/admin/login': () =>
        new Promise((resolve) => {
          answer = resolve;
        }),
      'GET /api/admin/verify': { status: 200, body: { admin } },
      'GET /api/admin/waitlist': { status: 200, body: [] },
      'GET /api/admin/users': { status: 200, body: [admin] },
    });
    const { router } = await signIn('ama', 'secret1');

    expect(await screen.findByRole('button', { name: 'Signing in...' })).toBeTruthy();
    expect(api.callsTo('POST', '/api/admin/login')[0]?.body).toEqual({ username: 'ama', password: 'secret1' });
    answer({ status: 200, body: { admin } });

    expect(await findToast()).toEqual({ text: 'Login successfulWelcome to the admin panel', destructive: false });
    expect(await screen.findByRole('heading', { name: 'Admin Dashboard' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/admin');
  });

  it("shows the server's reason when the credentials are wrong", async () => {
    mockApi({ 'POST /api/admin/login': { status: 401, body: { message: 'Invalid username or password' } } });
    const { router } = await signIn('ama', 'wrong');
    expect(await findToast()).toEqual({ text: 'Login failedInvalid username or password', destructive: true });
    expect(router.state.location.pathname).toBe('/admin/login');
  });

  it('says "Invalid credentials" when the failure carries no message', async () => {
    mockApi({ 'POST /api/admin/login': { status: 503, body: 'Service Unavailable' } });
    await signIn('ama', 'secret1');
    expect(await findToast()).toEqual({ text: 'Login failedInvalid credentials', destructive: true });
  });
});
