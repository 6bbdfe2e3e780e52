import { findToast } from '@krom/ui-kit/testing/find-toast.ts';
import { mockApi } from '@krom/ui-kit/testing/mock-api.ts';
import { renderRoutes } from '@krom/ui-kit/testing/render-routes.tsx';
import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { authRoutes } from '../../../app/__tests__/auth-routes.tsx';
import { readReset, saveReset } from '../recovery-storage.ts';

const box = (n: number) => screen.getByRole('textbox', { name: `Digit ${n} of 4` }) as HTMLInputElement;
const boxValues = () => [1, 2, 3, 4].map((n) => box(n).value).join('|');

function openCodeScreen() {
  return renderRoutes(authRoutes, '/password-reset-otp');
}

beforeEach(() => sessionStorage.clear());
afterEach(() => vi.useRealTimers());

describe('reset code (/password-reset-otp)', () => {
  it('focuses the first box and says where the code went', async () => {
    saveReset({ method: 'sms', sentTo: '024 *** 4567' });
    mockApi({});
    openCodeScreen();
    expect(await screen.findByText('024 *** 4567')).toBeTruthy();
    expect(screen.getByText(/we sent by SMS to/)).toBeTruthy();
    expect(document.activeElement).toBe(box(1));
    expect((screen.getByRole('button', { name: 'Verify Code' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('submits by itself at the fourth digit, with the method chosen before, then opens the new password form', async () => {
    saveReset({ method: 'sms', sentTo: '024 *** 4567' });
    const api = mockApi({ 'POST /api/auth/verify-reset-otp': { status: 200, body: { ok: true } } });
    const { user, router } = openCodeScreen();
    await screen.findByText('024 *** 4567');
    await user.keyboard('3');
    await user.keyboard('0');
    await user.keyboard('9');
    expect(api.calls).toHaveLength(0);
    await user.keyboard('5');

    expect(await findToast()).toEqual({ text: 'Code Verified', destructive: false });
    expect(api.callsTo('POST', '/api/auth/verify-reset-otp')).toEqual([
      expect.objectContaining({ body: { otp: '3095', method: 'sms' } }),
    ]);
    expect(await screen.findByRole('heading', { name: 'Create New Password' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/reset-password');
  });

  it('fills and submits from a pasted code, and ignores a paste of three digits', async () => {
    saveReset({ method: 'email', sentTo: 'a***@example.com' });
    const api = mockApi({ 'POST /api/auth/verify-reset-otp': { status: 200, body: { ok: true } } });
    const { user } = openCodeScreen();
    await screen.findByText('a***@example.com');
    await user.paste('123');
    expect(boxValues()).toBe('|||');
    expect(api.calls).toHaveLength(0);

    await user.paste('12-34');
    await waitFor(() =>
      expect(api.callsTo('POST', '/api/auth/verify-reset-otp')[0]?.body).toEqual({ otp: '1234', method: 'email' }),
    );
  });

  it('says "Verification Failed", empties the boxes and focuses the first after a wrong code', async () => {
    saveReset({ method: 'email', sentTo: 'a***@example.com' });
    mockApi({ 'POST /api/auth/verify-reset-otp': { status: 400, body: { message: 'This code has expired. Please request a new code.' } } });
    const { user, router } = openCodeScreen();
    await screen.findByText('a***@example.com');
    await user.keyboard('1111');
    expect(await findToast()).toEqual({
      text: 'Verification FailedThis code has expired. Please request a new code.',
      destructive: true,
    });
    await waitFor(() => expect(boxValues()).toBe('|||'));
    expect(document.activeElement).toBe(box(1));
    expect(router.state.location.pathname).toBe('/password-reset-otp');
  });

  it('after three wrong codes says what the code screen of sign-up says: a new code is needed', async () => {
    saveReset({ method: 'sms', sentTo: '024 *** 4567' });
    mockApi({ 'POST /api/auth/verify-reset-otp': { status: 400, body: { message: 'Too many wrong codes. Please request a new code.' } } });
    const { user } = openCodeScreen();
    await screen.findByText('024 *** 4567');
    await user.keyboard('1111');
    expect(await findToast()).toEqual({ text: 'Verification FailedToo many wrong codes. Please request a new code.', destructive: true });
    await waitFor(() => expect(boxValues()).toBe('|||'));
  });

  it('says "Invalid verification code. Please try again." when the failure carries no message', async () => {
    saveReset({ method: 'email', sentTo: 'a***@example.com' });
    mockApi({ 'POST /api/auth/verify-reset-otp': { status: 500, statusText: 'Internal Server Error' } });
    const { user } = openCodeScreen();
    await screen.findByText('a***@example.com');
    await user.keyboard('1111');
    expect(await findToast()).toEqual({ text: 'Verification FailedInvalid verification code. Please try again.', destructive: true });
  });

  it('sends a new code with the chosen method and says "Code Sent"', async () => {
    saveReset({ method: 'sms', sentTo: '024 *** 4567' });
    const api = mockApi({ 'POST /api/auth/resend-reset-code': { status: 200, body: { message: 'sent', resendAfterSeconds: 150 } } });
    const { user } = openCodeScreen();
    await user.click(await screen.findByRole('button', { name: 'Resend Code' }));
    expect(await findToast()).toEqual({ text: 'Code Sent', destructive: false });
    expect(api.callsTo('POST', '/api/auth/resend-reset-code')[0]?.body).toEqual({ method: 'sms' });
  });

  it('counts down the server\'s wait before Resend Code, sending nothing meanwhile, then starts over', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
    saveReset({ method: 'sms', sentTo: '024 *** 4567', resendAvailableAt: Date.now() + 150_000 });
    const api = mockApi({ 'POST /api/auth/resend-reset-code': { status: 200, body: { message: 'sent', resendAfterSeconds: 60 } } });
    const { user } = openCodeScreen();
    await screen.findByText('024 *** 4567');
    const timer = screen.getByRole('timer');
    const resendButton = () => screen.getByRole('button', { name: 'Resend Code' }) as HTMLButtonElement;
    expect(timer.textContent).toBe('02:30');
    expect(resendButton().disabled).toBe(true);
    await user.click(resendButton());
    expect(api.calls).toHaveLength(0);

    act(() => vi.advanceTimersByTime(149_000));
    expect(timer.textContent).toBe('00:01');
    expect(resendButton().disabled).toBe(true);
    act(() => vi.advanceTimersByTime(1000));
    expect(resendButton().disabled).toBe(false);

    await user.click(resendButton());
    expect(await findToast()).toEqual({ text: 'Code Sent', destructive: false });
    expect(timer.textContent).toBe('01:00');
    expect(resendButton().disabled).toBe(true);
    // A reload keeps the wait the last answer gave.
    expect(readReset()?.resendAvailableAt).toBe(Date.now() + 60_000);
  });

  it('says "Resend Failed" with the server\'s reason, or "Failed to resend code. Please try again."', async () => {
    saveReset({ method: 'email', sentTo: 'a***@example.com' });
    let reply: { status: number; body?: unknown } = {
      status: 429,
      body: { message: 'Please wait 42 seconds before requesting another code.' },
    };
    mockApi({ 'POST /api/auth/resend-reset-code': () => reply });
    const { user } = openCodeScreen();
    await user.click(await screen.findByRole('button', { name: 'Resend Code' }));
    expect(await findToast()).toEqual({
      text: 'Resend FailedPlease wait 42 seconds before requesting another code.',
      destructive: true,
    });

    reply = { status: 503 };
    await user.click(screen.getByRole('button', { name: 'Resend Code' }));
    expect(await screen.findByText('Failed to resend code. Please try again.')).toBeTruthy();
  });

  it('still works when the page is opened without a stored reset, assuming e-mail', async () => {
    const api = mockApi({ 'POST /api/auth/verify-reset-otp': { status: 400, body: { message: 'Invalid verification code. Please try again.' } } });
    const { user } = openCodeScreen();
    expect(await screen.findByText('Enter the 4-digit code we sent you.')).toBeTruthy();
    await user.keyboard('1234');
    await waitFor(() => expect(api.callsTo('POST', '/api/auth/verify-reset-otp')[0]?.body).toEqual({ otp: '1234', method: 'email' }));
  });
});
