import { mockApi } from '@krom/ui-kit/testing/mock-api.ts';
import { renderRoutes } from '@krom/ui-kit/testing/render-routes.tsx';
import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { authRoutes } from '../../../app/__tests__/auth-routes.tsx';

beforeEach(() => sessionStorage.clear());

describe('password recovery from start to finish', () => {
  it.each([
    { method: 'email', card: /^Email/, label: 'Email Address', typed: 'ama@example.com', request: { method: 'email', email: 'ama@example.com' }, shown: 'a***@example.com' },
    { method: 'sms', card: /^Phone/, label: 'Phone Number', typed: '0241234567', request: { method: 'sms', phone: '0241234567' }, shown: '024 *** 4567' },
  ])('works by $method: request, code, new password, login', async ({ method, card, label, typed, request, shown }) => {
    const api = mockApi({
      'POST /api/auth/forgot-password': { status: 200, body: { message: 'If an account matches, a code has been sent.', resendAfterSeconds: 150 } },
      'POST /api/auth/verify-reset-otp': { status: 200, body: { ok: true } },
      'POST /api/auth/reset-password': { status: 200, body: { ok: true } },
      'GET /api/auth/user': { status: 401, body: { message: 'Not signed in' } },
    });
    const { user, router } = renderRoutes(authRoutes, '/forgot-password');

    await user.click(await screen.findByRole('radio', { name: card }));
    await user.type(screen.getByLabelText(label), typed);
    await user.click(screen.getByRole('button', { name: 'Send Reset Code' }));

    expect(await screen.findByText(shown)).toBeTruthy();
    // The server's wait holds on the code screen: no "Code Sent" while no code could go out.
    expect(screen.getByRole('timer').textContent).toMatch(/^02:(30|29)$/);
    await user.click(screen.getByRole('button', { name: 'Resend Code' }));
    await user.click(screen.getByRole('textbox', { name: 'Digit 1 of 4' }));
    await user.keyboard('2468');

    await user.type(await screen.findByLabelText('New Password'), 'Tamale2026');
    await user.type(screen.getByLabelText('Confirm Password'), 'Tamale2026');
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));
    await user.click(await screen.findByRole('button', { name: 'Continue to Login' }));
    expect(await screen.findByRole('heading', { name: 'Welcome Back' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/login');

    expect(api.calls.filter((call) => call.method === 'POST').map((call) => [call.path, call.body])).toEqual([
      ['/api/auth/forgot-password', request],
      ['/api/auth/verify-reset-otp', { otp: '2468', method }],
      ['/api/auth/reset-password', { password: 'Tamale2026' }],
    ]);
    expect(sessionStorage.length).toBe(0);
  });
});
