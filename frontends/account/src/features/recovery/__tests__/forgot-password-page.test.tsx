import { findToast } from '@krom/ui-kit/testing/find-toast.ts';
import { mockApi } from '@krom/ui-kit/testing/mock-api.ts';
import { renderRoutes } from '@krom/ui-kit/testing/render-routes.tsx';
import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { authRoutes } from '../../../app/__tests__/auth-routes.tsx';
import { readReset } from '../recovery-storage.ts';

const sameAnswer = { status: 200, body: { message: 'If an account matches, a code has been sent.', resendAfterSeconds: 150 } };

function openRecovery() {
  return renderRoutes(authRoutes, '/forgot-password');
}

beforeEach(() => sessionStorage.clear());

describe('password recovery (/forgot-password)', () => {
  it('offers e-mail and phone, and asks for nothing until one is chosen', async () => {
    mockApi({});
    openRecovery();
    expect(await screen.findByRole('heading', { name: 'Password Recovery' })).toBeTruthy();
    expect(screen.getByRole('radio', { name: 'Email Reset via a 4-digit code sent by email' })).toBeTruthy();
    expect(screen.getByRole('radio', { name: 'Phone Reset via SMS code' })).toBeTruthy();
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Send Reset Code' })).toBeNull();
  });

  it('asks for the e-mail address with the spec message, then sends the e-mail method with it', async () => {
    const api = mockApi({ 'POST /api/auth/forgot-password': sameAnswer });
    const { user, router } = openRecovery();
    await user.click(await screen.findByRole('radio', { name: /^Email/ }));
    const email = screen.getByLabelText('Email Address');
    expect(document.activeElement).toBe(email);

    await user.click(screen.getByRole('button', { name: 'Send Reset Code' }));
    expect(screen.getByText('Please enter a valid email address')).toBeTruthy();
    expect(api.calls).toHaveLength(0);

    await user.type(email, 'ama.mensah@example.com');
    await user.click(screen.getByRole('button', { name: 'Send Reset Code' }));
    expect(await findToast()).toEqual({
      text: 'Reset Code SentIf this email belongs to a Krom account, a 4-digit code has been sent to it.',
      destructive: false,
    });
    expect(api.callsTo('POST', '/api/auth/forgot-password')[0]?.body).toEqual({ method: 'email', email: 'ama.mensah@example.com' });
    expect(router.state.location.pathname).toBe('/password-reset-otp');
    expect(readReset()).toEqual({ method: 'email', sentTo: 'a***@example.com', resendAvailableAt: expect.any(Number) });
    expect(await screen.findByText('a***@example.com')).toBeTruthy();
  });

  it('asks for the phone number with the spec message, then sends the SMS method with it', async () => {
    const api = mockApi({ 'POST /api/auth/forgot-password': sameAnswer });
    const { user, router } = openRecovery();
    await user.click(await screen.findByRole('radio', { name: /^Phone/ }));
    const phone = screen.getByLabelText('Phone Number') as HTMLInputElement;

    await user.type(phone, '024123');
    await user.click(screen.getByRole('button', { name: 'Send Reset Code' }));
    expect(screen.getByText('Please enter a valid 10-digit Ghana phone number starting with 0')).toBeTruthy();
    expect(api.calls).toHaveLength(0);

    // Same phone field as sign-up: typed as a person writes it, read as the local number.
    await user.type(phone, '4-567');
    expect(phone.value).toBe('0241234567');
    await user.click(screen.getByRole('button', { name: 'Send Reset Code' }));
    expect(await findToast()).toEqual({
      text: 'Reset Code SentIf this phone number belongs to a Krom account, a 4-digit code has been sent to it by SMS.',
      destructive: false,
    });
    expect(api.callsTo('POST', '/api/auth/forgot-password')[0]?.body).toEqual({ method: 'sms', phone: '0241234567' });
    expect(router.state.location.pathname).toBe('/password-reset-otp');
    // The server's 150 s wait, for the code screen's countdown.
    expect(readReset()).toEqual({ method: 'sms', sentTo: '024 *** 4567', resendAvailableAt: expect.any(Number) });
    expect((readReset()?.resendAvailableAt ?? 0) - Date.now()).toBeGreaterThan(140_000);
  });

  it('shows "Sending..." while the request is under way', async () => {
    mockApi({ 'POST /api/auth/forgot-password': () => new Promise(() => {}) });
    const { user } = openRecovery();
    await user.click(await screen.findByRole('radio', { name: /^Email/ }));
    await user.type(screen.getByLabelText('Email Address'), 'ama@example.com');
    await user.click(screen.getByRole('button', { name: 'Send Reset Code' }));
    expect(((await screen.findByRole('button', { name: 'Sending...' })) as HTMLButtonElement).disabled).toBe(true);
  });

  it('says "Reset Failed" with the server\'s reason, or "Something went wrong. Please try again."', async () => {
    let reply: { status: number; body: unknown } = { status: 429, body: { message: 'Too many codes requested. Please try again later.' } };
    mockApi({ 'POST /api/auth/forgot-password': () => reply });
    const { user, router } = openRecovery();
    await user.click(await screen.findByRole('radio', { name: /^Email/ }));
    await user.type(screen.getByLabelText('Email Address'), 'ama@example.com');
    await user.click(screen.getByRole('button', { name: 'Send Reset Code' }));
    expect(await findToast()).toEqual({
      text: 'Reset FailedToo many codes requested. Please try again later.',
      destructive: true,
    });

    reply = { status: 502, body: '<html>Bad Gateway</html>' };
    await user.click(screen.getByRole('button', { name: 'Send Reset Code' }));
    expect(await screen.findByText('Something went wrong. Please try again.')).toBeTruthy();
    expect(await findToast()).toEqual({ text: 'Reset FailedSomething went wrong. Please try again.', destructive: true });
    expect(router.state.location.pathname).toBe('/forgot-password');
    expect(readReset()).toBeNull();
  });

  it('leads back to the login page', async () => {
    mockApi({ 'GET /api/auth/user': { status: 401, body: { message: 'Not signed in' } } });
    const { user, router } = openRecovery();
    await user.click(await screen.findByRole('link', { name: 'Back to Login' }));
    expect(await screen.findByRole('heading', { name: 'Welcome Back' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/login');
  });
});
