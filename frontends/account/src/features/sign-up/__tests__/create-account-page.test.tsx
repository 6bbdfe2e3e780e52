import { findToast } from '@krom/ui-kit/testing/find-toast.ts';
import { mockApi } from '@krom/ui-kit/testing/mock-api.ts';
import { renderRoutes } from '@krom/ui-kit/testing/render-routes.tsx';
import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { authRoutes } from '../../../app/__tests__/auth-routes.tsx';
import { ama } from '../../../app/__tests__/signed-in-user.tsx';
import { readSignUp, saveSignUp } from '../sign-up-storage.ts';

const signedOut = { 'GET /api/auth/user': { status: 401, body: { message: 'Not signed in' } } };
const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;

function openSignUp() {
  return renderRoutes(authRoutes, '/create-account');
}

async function fillValidForm(user: ReturnType<typeof openSignUp>['user']) {
  await user.type(await screen.findByLabelText('First Name'), 'Ama');
  await user.type(field('Last Name'), 'Mensah');
  await user.type(field('Email'), 'ama@example.com');
  await user.type(field('Phone Number'), '0241234567');
  await user.type(field('Password'), 'Akwaaba2026');
}

beforeEach(() => sessionStorage.clear());

describe('sign-up form (/create-account)', () => {
  it('shows every registration message of the spec and sends nothing', async () => {
    const api = mockApi(signedOut);
    const { user } = openSignUp();
    await user.click(await screen.findByRole('button', { name: 'Sign up' }));

    expect(screen.getByText('First name must be at least 2 characters')).toBeTruthy();
    expect(screen.getByText('Last name must be at least 2 characters')).toBeTruthy();
    expect(screen.getByText('Please enter a valid email address')).toBeTruthy();
    expect(screen.getByText('Please enter a valid 10-digit Ghana phone number starting with 0')).toBeTruthy();
    expect(screen.getByText('Password must be at least 8 characters')).toBeTruthy();
    for (const label of ['First Name', 'Last Name', 'Email', 'Phone Number', 'Password']) {
      expect(field(label).getAttribute('aria-invalid')).toBe('true');
    }
    expect(api.callsTo('POST', '/api/sms/send-verification')).toHaveLength(0);
  });

  it('clears each message as the field is fixed, and checks the rules at their limits', async () => {
    mockApi(signedOut);
    const { user } = openSignUp();
    await user.click(await screen.findByRole('button', { name: 'Sign up' }));

    await user.type(field('First Name'), 'A');
    expect(screen.getByText('First name must be at least 2 characters')).toBeTruthy();
    await user.type(field('First Name'), 'b');
    expect(screen.queryByText('First name must be at least 2 characters')).toBeNull();

    await user.type(field('Password'), 'Abcdef1');
    expect(screen.getByText('Password must be at least 8 characters')).toBeTruthy();
    await user.type(field('Password'), '2');
    expect(screen.queryByText('Password must be at least 8 characters')).toBeNull();

    // 0 then 1 is not a Ghana number even with 10 digits.
    await user.type(field('Phone Number'), '0141234567');
    expect(screen.getByText('Please enter a valid 10-digit Ghana phone number starting with 0')).toBeTruthy();
  });

  it('refuses a password of eight spaces and an e-mail address whose name part is over 64 characters', async () => {
    const api = mockApi(signedOut);
    const { user } = openSignUp();
    await user.type(await screen.findByLabelText('First Name'), 'Ama');
    await user.type(field('Last Name'), 'Mensah');
    // Typed in one go: 250 keystrokes one by one take long on the 2-core machine.
    await user.click(field('Email'));
    await user.paste(`${'a'.repeat(250)}@example.com`);
    await user.type(field('Phone Number'), '0241234567');
    await user.type(field('Password'), '        ');
    await user.click(screen.getByRole('button', { name: 'Sign up' }));

    expect(screen.getByText('Please enter a valid email address')).toBeTruthy();
    expect(screen.getByText('Password must be at least 8 characters')).toBeTruthy();
    expect(api.callsTo('POST', '/api/sms/send-verification')).toHaveLength(0);
  });

  it('reads a number typed in international form as the local number it is, and sends that', async () => {
    const api = mockApi({
      ...signedOut,
      'POST /api/sms/send-verification': { status: 200, body: { message: 'Verification code sent', resendAfterSeconds: 60 } },
    });
    const { user } = openSignUp();
    const phone = (await screen.findByLabelText('Phone Number')) as HTMLInputElement;
    expect(phone.placeholder).toBe('0241234567');
    // Letters and spaces are not part of the number; the international form is read as it comes.
    await user.type(phone, '+233 24a 123 4567');
    expect(phone.value).toBe('0241234567');

    for (const typed of ['00233 24-123-4567', '233241234567', '+233 (0)24 123 4567', '024-123-4567']) {
      await user.clear(phone);
      await user.type(phone, typed);
      expect(phone.value, typed).toBe('0241234567');
    }

    await user.clear(phone);
    await user.type(phone, '+233 24 123 4567');
    await user.type(field('First Name'), 'Ama');
    await user.type(field('Last Name'), 'Mensah');
    await user.type(field('Email'), 'ama@example.com');
    await user.type(field('Password'), 'Akwaaba2026');
    await user.click(screen.getByRole('button', { name: 'Sign up' }));
    expect(api.callsTo('POST', '/api/sms/send-verification')[0]?.body).toEqual({ phoneNumber: '0241234567', email: 'ama@example.com' });
  });

  it('does not turn a number in another form into a different valid-looking one', async () => {
    mockApi(signedOut);
    const { user } = openSignUp();
    const phone = (await screen.findByLabelText('Phone Number')) as HTMLInputElement;
    // +44 is not Ghana: it stays an international number and is refused, rather than becoming 0447…
    await user.type(phone, '+44 7700 900123');
    expect(phone.value).toBe('+447700900123');
    await user.click(screen.getByRole('button', { name: 'Sign up' }));
    expect(screen.getByText('Please enter a valid 10-digit Ghana phone number starting with 0')).toBeTruthy();
  });

  it('sends a code to the phone, keeps the form in the tab and opens the code screen', async () => {
    let answer: (reply: { status: number; body: unknown }) => void = () => {};
    const api = mockApi({
      ...signedOut,
      'POST /api/sms/send-verification': () =>
        new Promise((resolve) => {
          answer = resolve;
        }),
    });
    const { user, router } = openSignUp();
    await fillValidForm(user);
    await user.click(screen.getByRole('button', { name: 'Sign up' }));

    const pending = await screen.findByRole('button', { name: 'Creating Account...' });
    expect((pending as HTMLButtonElement).disabled).toBe(true);
    expect(api.callsTo('POST', '/api/sms/send-verification')[0]?.body).toEqual({ phoneNumber: '0241234567', email: 'ama@example.com' });
    expect(readSignUp()).toBeNull();

    answer({ status: 200, body: { message: 'Verification code sent', resendAfterSeconds: 60 } });
    expect(await findToast()).toEqual({ text: 'Verification Code Sent', destructive: false });
    expect(await screen.findByText('024 123 4567')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/phone-verification');
    // The countdown starts from the server's wait, not the spec's fixed 02:30.
    expect(screen.getByRole('timer').textContent).toBe('01:00');
    expect(readSignUp()).toMatchObject({
      phoneNumber: '0241234567',
      registration: {
        firstName: 'Ama',
        lastName: 'Mensah',
        email: 'ama@example.com',
        phone: '0241234567',
        password: 'Akwaaba2026',
      },
    });
    // Nothing is registered before the phone is verified.
    expect(api.callsTo('POST', '/api/auth/register')).toHaveLength(0);
  });

  it('says "Verification Failed" with the server\'s reason when the code cannot be sent', async () => {
    mockApi({
      ...signedOut,
      'POST /api/sms/send-verification': { status: 429, body: { message: 'Too many codes requested. Please try again later.' } },
    });
    const { user, router } = openSignUp();
    await fillValidForm(user);
    await user.click(screen.getByRole('button', { name: 'Sign up' }));

    expect(await findToast()).toEqual({
      text: 'Verification FailedToo many codes requested. Please try again later.',
      destructive: true,
    });
    expect(router.state.location.pathname).toBe('/create-account');
    expect(readSignUp()).toBeNull();
    expect(screen.getByRole('button', { name: 'Sign up' })).toBeTruthy();
  });

  it('says "Verification Failed" and that the e-mail has an account, before any code is sent', async () => {
    const message = 'An account with this email already exists';
    mockApi({ ...signedOut, 'POST /api/sms/send-verification': { status: 409, body: { message, errors: [{ field: 'email', message }] } } });
    const { user, router } = openSignUp();
    await fillValidForm(user);
    await user.click(screen.getByRole('button', { name: 'Sign up' }));
    expect(await findToast()).toEqual({ text: `Verification Failed${message}`, destructive: true });
    expect(router.state.location.pathname).toBe('/create-account');
  });

  it('registers at once, with no new code, when this session already verified the number (back from "Change phone number")', async () => {
    saveSignUp({ phoneNumber: '0241234567', resendAvailableAt: Date.now() + 60_000 });
    const api = mockApi({
      ...signedOut,
      'POST /api/sms/send-verification': { status: 200, body: { message: 'Phone number verified!', resendAfterSeconds: 0, alreadyVerified: true } },
      'POST /api/auth/register': { status: 201, body: ama },
    });
    const { user, router } = openSignUp();
    await fillValidForm(user);
    await user.click(screen.getByRole('button', { name: 'Sign up' }));
    expect(await findToast()).toEqual({ text: "Account Created Successfully!Welcome to Krom! You're now logged in.", destructive: false });
    expect(api.callsTo('POST', '/api/auth/register')[0]?.body).toMatchObject({ email: 'ama@example.com', phone: '0241234567' });
    expect(await screen.findByRole('heading', { name: "Let's get started" })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/onboarding');
    expect(readSignUp()).toBeNull();
  });

  it('goes back to the code screen, not to a refusal, when the code sent to the same number is still counting down', async () => {
    const resendAvailableAt = Date.now() + 90_000;
    saveSignUp({ phoneNumber: '0241234567', resendAvailableAt });
    mockApi({
      ...signedOut,
      'POST /api/sms/send-verification': { status: 429, body: { message: 'Please wait 90 seconds before requesting another code.', resendAfterSeconds: 90 } },
    });
    const { user, router } = openSignUp();
    await fillValidForm(user);
    await user.click(screen.getByRole('button', { name: 'Sign up' }));
    expect(await screen.findByText('024 123 4567')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/phone-verification');
    expect(readSignUp()).toMatchObject({ phoneNumber: '0241234567', resendAvailableAt, registration: { email: 'ama@example.com' } });
  });

  it('says "Failed to send verification code. Please try again." when the failure carries no message', async () => {
    mockApi({ ...signedOut, 'POST /api/sms/send-verification': { status: 503, statusText: 'Service Unavailable' } });
    const { user } = openSignUp();
    await fillValidForm(user);
    await user.click(screen.getByRole('button', { name: 'Sign up' }));
    expect(await findToast()).toEqual({
      text: 'Verification FailedFailed to send verification code. Please try again.',
      destructive: true,
    });
  });

  it.each(['Google', 'Facebook'])('answers the %s button with "Coming Soon"', async (provider) => {
    const api = mockApi(signedOut);
    const { user } = openSignUp();
    await user.click(await screen.findByRole('button', { name: provider }));
    expect(await findToast()).toEqual({
      text: `Coming Soon${provider} authentication will be available soon.`,
      destructive: false,
    });
    expect(api.calls.filter((call) => call.method !== 'GET')).toHaveLength(0);
  });

  it('shows and hides the password', async () => {
    mockApi(signedOut);
    const { user } = openSignUp();
    const password = (await screen.findByLabelText('Password')) as HTMLInputElement;
    expect(password.type).toBe('password');
    await user.click(screen.getByRole('button', { name: 'Show password' }));
    expect(password.type).toBe('text');
  });

  it('links to the login page', async () => {
    mockApi(signedOut);
    const { user, router } = openSignUp();
    await user.click(await screen.findByRole('link', { name: 'Log in' }));
    expect(await screen.findByRole('heading', { name: 'Welcome Back' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/login');
  });

  it('finds the details again (except the password) when the person goes back to change them', async () => {
    mockApi({
      ...signedOut,
      'POST /api/sms/send-verification': { status: 200, body: { message: 'sent', resendAfterSeconds: 150 } },
    });
    const { user } = openSignUp();
    await fillValidForm(user);
    await user.click(screen.getByRole('button', { name: 'Sign up' }));
    await user.click(await screen.findByRole('link', { name: 'Change phone number' }));

    expect(((await screen.findByLabelText('First Name')) as HTMLInputElement).value).toBe('Ama');
    expect(field('Email').value).toBe('ama@example.com');
    expect(field('Phone Number').value).toBe('0241234567');
    expect(field('Password').value).toBe('');
  });
});
