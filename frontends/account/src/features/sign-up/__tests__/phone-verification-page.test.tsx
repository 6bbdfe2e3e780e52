import { findToast } from '@krom/ui-kit/testing/find-toast.ts';
import { mockApi } from '@krom/ui-kit/testing/mock-api.ts';
import { renderRoutes } from '@krom/ui-kit/testing/render-routes.tsx';
import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { authRoutes } from '../../../app/__tests__/auth-routes.tsx';
import { ama } from '../../../app/__tests__/signed-in-user.tsx';
import { readSignUp, saveSignUp } from '../sign-up-storage.ts';

const registration = {
  firstName: 'Ama',
  lastName: 'Mensah',
  email: 'ama@example.com',
  phone: '0241234567',
  password: 'Akwaaba2026',
};

/** The state the sign-up form leaves behind after the code was sent. */
function arriveFromSignUp(resendInSeconds = 150) {
  saveSignUp({ registration, phoneNumber: '0241234567', resendAvailableAt: Date.now() + resendInSeconds * 1000 });
}

function openCodeScreen() {
  return renderRoutes(authRoutes, '/phone-verification');
}

const box = (n: number) => screen.getByRole('textbox', { name: `Digit ${n} of 4` }) as HTMLInputElement;
const boxValues = () => [1, 2, 3, 4].map((n) => box(n).value).join('|');
const verifyButton = () => screen.getByRole('button', { name: 'Verify' }) as HTMLButtonElement;
const sendAgainButton = () => screen.getByRole('button', { name: 'Send Again' }) as HTMLButtonElement;

beforeEach(() => sessionStorage.clear());
afterEach(() => vi.useRealTimers());

describe('phone code screen (/phone-verification)', () => {
  it('shows the number the code went to, or a masked placeholder when none is stored', async () => {
    arriveFromSignUp();
    const first = openCodeScreen();
    expect(await screen.findByText('024 123 4567')).toBeTruthy();
    first.unmount();

    sessionStorage.clear();
    openCodeScreen();
    expect(await screen.findByText('0XX XXX XXXX')).toBeTruthy();
  });

  it('verifies the code, creates the account with the stored details, signs in and opens the role choice', async () => {
    arriveFromSignUp();
    let finishRegistration: (reply: { status: number; body: unknown }) => void = () => {};
    let signedIn = false;
    const api = mockApi({
      'POST /api/sms/verify-code': { status: 200, body: { message: 'Phone number verified' } },
      'POST /api/auth/register': () =>
        new Promise((resolve) => {
          finishRegistration = (reply) => {
            signedIn = true;
            resolve(reply);
          };
        }),
      'GET /api/auth/user': () => (signedIn ? { status: 200, body: ama } : { status: 401, body: { message: 'Not signed in' } }),
    });
    const { user, router, queryClient } = openCodeScreen();
    queryClient.setQueryData(['/api/auth/user'], null);
    await screen.findByText('024 123 4567');
    await user.keyboard('4821');

    expect(await findToast()).toEqual({ text: 'Phone Verified!Creating your account...', destructive: false });
    expect(api.callsTo('POST', '/api/sms/verify-code')[0]?.body).toEqual({ phoneNumber: '0241234567', verificationCode: '4821' });
    expect(api.callsTo('POST', '/api/auth/register')[0]?.body).toEqual(registration);

    finishRegistration({ status: 201, body: ama });
    expect(await screen.findByRole('heading', { name: "Let's get started" })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/onboarding');
    expect(await findToast()).toEqual({
      text: "Account Created Successfully!Welcome to Krom! You're now logged in.",
      destructive: false,
    });
    expect(readSignUp()).toBeNull();
    expect(sessionStorage.length).toBe(0);

    // The rest of the app now knows who is signed in.
    await user.click(screen.getByRole('radio', { name: /I want to be a passenger/ }));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('heading', { name: 'Dashboard of Ama' })).toBeTruthy();
  });

  it('says "Verification Failed" for a wrong code, empties the boxes and puts the cursor back in the first', async () => {
    arriveFromSignUp();
    const api = mockApi({
      'POST /api/sms/verify-code': { status: 400, body: { message: 'Too many wrong codes. Please request a new code.' } },
    });
    const { user, router } = openCodeScreen();
    await screen.findByText('024 123 4567');
    await user.keyboard('1111');

    expect(await findToast()).toEqual({
      text: 'Verification FailedToo many wrong codes. Please request a new code.',
      destructive: true,
    });
    await waitFor(() => expect(boxValues()).toBe('|||'));
    expect(document.activeElement).toBe(box(1));
    expect(verifyButton().disabled).toBe(true);
    expect(api.callsTo('POST', '/api/auth/register')).toHaveLength(0);
    expect(router.state.location.pathname).toBe('/phone-verification');
    expect(readSignUp()?.registration).toEqual(registration);
  });

  it('says "Invalid verification code. Please try again." when the failure carries no message', async () => {
    arriveFromSignUp();
    mockApi({ 'POST /api/sms/verify-code': { status: 500, body: '' , statusText: 'Internal Server Error' } });
    const { user } = openCodeScreen();
    await screen.findByText('024 123 4567');
    await user.keyboard('1111');
    expect(await findToast()).toEqual({
      text: 'Verification FailedInvalid verification code. Please try again.',
      destructive: true,
    });
  });

  it('says "Account Creation Failed" when the phone was verified but the account could not be created', async () => {
    arriveFromSignUp();
    mockApi({
      'POST /api/sms/verify-code': { status: 200, body: { message: 'ok' } },
      'POST /api/auth/register': { status: 502, body: '<html>Bad Gateway</html>' },
    });
    const { user, router } = openCodeScreen();
    await screen.findByText('024 123 4567');
    await user.keyboard('4821');
    expect(await findToast()).toEqual({
      text: 'Account Creation FailedPhone verified but failed to create account. Please contact support.',
      destructive: true,
    });
    expect(router.state.location.pathname).toBe('/phone-verification');
    // The details stay, so support (or another try) still has them in this tab.
    expect(readSignUp()?.registration).toEqual(registration);
  });

  it("shows the server's reason when the account is refused, e.g. a taken e-mail", async () => {
    arriveFromSignUp();
    mockApi({
      'POST /api/sms/verify-code': { status: 200, body: { message: 'ok' } },
      'POST /api/auth/register': { status: 409, body: { message: 'An account with this email already exists' } },
    });
    const { user } = openCodeScreen();
    await screen.findByText('024 123 4567');
    await user.keyboard('4821');
    expect(await findToast()).toEqual({
      text: 'Account Creation FailedAn account with this email already exists',
      destructive: true,
    });
  });

  it('goes straight to the role choice when no sign-up is stored', async () => {
    const api = mockApi({});
    const { user, router } = openCodeScreen();
    await screen.findByText('0XX XXX XXXX');
    await user.keyboard('4821');
    expect(await screen.findByRole('heading', { name: "Let's get started" })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/onboarding');
    expect(api.calls).toHaveLength(0);
  });

  it('verifies a stored phone without form details and goes on to the role choice without registering', async () => {
    saveSignUp({ phoneNumber: '0201234567' });
    const api = mockApi({ 'POST /api/sms/verify-code': { status: 200, body: { message: 'ok' } } });
    const { user, router } = openCodeScreen();
    await screen.findByText('020 123 4567');
    await user.keyboard('4821');
    expect(await screen.findByRole('heading', { name: "Let's get started" })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/onboarding');
    expect(api.callsTo('POST', '/api/auth/register')).toHaveLength(0);
  });
});

describe('the four code boxes', () => {
  it('start with the first box focused and Verify disabled', async () => {
    arriveFromSignUp();
    mockApi({});
    openCodeScreen();
    await screen.findByText('024 123 4567');
    expect(document.activeElement).toBe(box(1));
    expect(verifyButton().disabled).toBe(true);
  });

  it('take one digit each, move on after each digit and ignore anything that is not a digit', async () => {
    arriveFromSignUp();
    mockApi({});
    const { user } = openCodeScreen();
    await screen.findByText('024 123 4567');

    await user.keyboard('a');
    expect(boxValues()).toBe('|||');
    expect(document.activeElement).toBe(box(1));

    await user.keyboard('7');
    expect(boxValues()).toBe('7|||');
    expect(document.activeElement).toBe(box(2));

    await user.keyboard('x- 3');
    expect(boxValues()).toBe('7|3||');
    expect(document.activeElement).toBe(box(3));
    expect(verifyButton().disabled).toBe(true);
  });

  it('replace a digit typed over, and Backspace clears and moves back one box at a time', async () => {
    arriveFromSignUp();
    mockApi({});
    const { user } = openCodeScreen();
    await screen.findByText('024 123 4567');
    await user.keyboard('123');
    expect(document.activeElement).toBe(box(4));

    await user.keyboard('{Backspace}');
    expect(boxValues()).toBe('1|2||');
    expect(document.activeElement).toBe(box(3));
    await user.keyboard('{Backspace}');
    expect(boxValues()).toBe('1|||');
    expect(document.activeElement).toBe(box(2));

    await user.click(box(1));
    await user.keyboard('9');
    expect(boxValues()).toBe('9|||');
    expect(document.activeElement).toBe(box(2));
  });

  it('fill all four from a pasted "12-34" and submit at once', async () => {
    arriveFromSignUp();
    const api = mockApi({
      'POST /api/sms/verify-code': { status: 400, body: { message: 'Invalid verification code. Please try again.' } },
    });
    const { user } = openCodeScreen();
    await screen.findByText('024 123 4567');
    await user.paste('12-34');

    await waitFor(() => expect(api.callsTo('POST', '/api/sms/verify-code')).toHaveLength(1));
    expect(api.callsTo('POST', '/api/sms/verify-code')[0]?.body).toEqual({ phoneNumber: '0241234567', verificationCode: '1234' });
  });

  it('ignore a paste that does not hold four digits', async () => {
    arriveFromSignUp();
    const api = mockApi({});
    const { user } = openCodeScreen();
    await screen.findByText('024 123 4567');
    await user.paste('123');
    expect(boxValues()).toBe('|||');
    await user.paste('code: ab');
    expect(boxValues()).toBe('|||');
    expect(api.calls).toHaveLength(0);
  });

  it('take the first four digits of a longer paste', async () => {
    arriveFromSignUp();
    const api = mockApi({ 'POST /api/sms/verify-code': { status: 400, body: { message: 'Invalid verification code. Please try again.' } } });
    const { user } = openCodeScreen();
    await screen.findByText('024 123 4567');
    await user.paste('Your Krom code is 5678 9');
    await waitFor(() => expect(api.callsTo('POST', '/api/sms/verify-code')[0]?.body).toMatchObject({ verificationCode: '5678' }));
  });
});

describe('Send Again', () => {
  it('waits for the countdown, which really counts down, then sends a new code and starts over', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
    arriveFromSignUp(150);
    const api = mockApi({
      'POST /api/sms/send-verification': { status: 200, body: { message: 'sent', resendAfterSeconds: 150 } },
    });
    const { user } = openCodeScreen();
    await screen.findByText('024 123 4567');
    const timer = screen.getByRole('timer');
    expect(timer.textContent).toBe('02:30');
    expect(sendAgainButton().disabled).toBe(true);

    act(() => vi.advanceTimersByTime(1000));
    expect(timer.textContent).toBe('02:29');
    act(() => vi.advanceTimersByTime(60_000));
    expect(timer.textContent).toBe('01:29');
    await user.click(sendAgainButton());
    expect(api.calls).toHaveLength(0);

    act(() => vi.advanceTimersByTime(88_000));
    expect(timer.textContent).toBe('00:01');
    expect(sendAgainButton().disabled).toBe(true);
    act(() => vi.advanceTimersByTime(1000));
    expect(timer.textContent).toBe('00:00');
    expect(sendAgainButton().disabled).toBe(false);

    await user.click(sendAgainButton());
    expect(await findToast()).toEqual({ text: 'Code Sent', destructive: false });
    expect(api.callsTo('POST', '/api/sms/send-verification')[0]?.body).toEqual({ phoneNumber: '0241234567' });
    expect(timer.textContent).toBe('02:30');
    expect(sendAgainButton().disabled).toBe(true);
    // The form details survive a resend.
    expect(readSignUp()?.registration).toEqual(registration);
  });

  it('keeps counting from where it was after the page is reloaded', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
    arriveFromSignUp(150);
    vi.advanceTimersByTime(100_000);
    mockApi({});
    openCodeScreen();
    await screen.findByText('024 123 4567');
    expect(screen.getByRole('timer').textContent).toBe('00:50');
  });

  it('starts from 02:30 when the server\'s wait is not known', async () => {
    saveSignUp({ registration, phoneNumber: '0241234567' });
    mockApi({});
    openCodeScreen();
    await screen.findByText('024 123 4567');
    expect(screen.getByRole('timer').textContent).toBe('02:30');
  });

  it('says "Resend Failed" with the server\'s reason, or the default text', async () => {
    arriveFromSignUp(0);
    let reply = { status: 429, body: { message: 'Please wait 30 seconds before requesting another code.' } as unknown };
    mockApi({ 'POST /api/sms/send-verification': () => reply });
    const { user } = openCodeScreen();
    await screen.findByText('024 123 4567');
    await user.click(sendAgainButton());
    expect(await findToast()).toEqual({
      text: 'Resend FailedPlease wait 30 seconds before requesting another code.',
      destructive: true,
    });

    reply = { status: 500, body: 'oops' };
    await user.click(sendAgainButton());
    await waitFor(async () =>
      expect(await findToast()).toEqual({ text: 'Resend FailedFailed to resend code. Please try again.', destructive: true }),
    );
  });
});
