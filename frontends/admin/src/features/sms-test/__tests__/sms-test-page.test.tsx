import { smsTestMessages } from '@krom/contracts/http/staff-messages';
import { findToast } from '@krom/ui-kit/testing/find-toast.ts';
import { mockApi } from '@krom/ui-kit/testing/mock-api.ts';
import { renderRoutes } from '@krom/ui-kit/testing/render-routes.tsx';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { routes } from '../../../app/routes.tsx';
import { defaultBookingDetails } from '../components/sms-test-page.tsx';


const ama = { id: '5b4c9a57-62a5-4c3b-9a3e-1a2b3c4d5e6f', username: 'ama', roles: ['administrator'], createdAt: '2025-03-01T09:30:00.000Z' };
const smsLogId = '2d3e4f50-1111-4a3a-8d54-3c1f0f5b8d11';

function staffApi(answers: Record<string, { status: number; body: unknown }> = {}) {
  return mockApi({
    'GET /api/admin/verify': { status: 200, body: { admin: ama } },
    'POST /api/admin/sms-test/send-verification': { status: 200, body: { message: smsTestMessages.codeSent, smsLogId } },
    'POST /api/admin/sms-test/verify-code': { status: 200, body: { message: smsTestMessages.verified } },
    'POST /api/sms/send-booking-confirmation': { status: 200, body: { message: smsTestMessages.bookingSent, smsLogId } },
    ...answers,
  });
}

async function openPanel() {
  const view = renderRoutes(routes, '/sms-test');
  await screen.findByRole('heading', { name: 'SMS Test Panel' });
  const step = (name: string) => within(screen.getByRole('form', { name }));
  return {
    ...view,
    phone: screen.getByLabelText('Phone number') as HTMLInputElement,
    code: screen.getByLabelText('Verification code') as HTMLInputElement,
    sendCode: step('Step 1: Send a verification code').getByRole('button', { name: 'Send verification code' }) as HTMLButtonElement,
    verify: step('Step 2: Verify the code').getByRole('button', { name: 'Verify' }) as HTMLButtonElement,
    sendBooking: step('Step 3: Send a test booking confirmation').getByRole('button', { name: 'Send booking confirmation' }) as HTMLButtonElement,
  };
}

describe('SMS test panel', () => {
  it('sends a visitor without an admin session to the login page', async () => {
    mockApi({ 'GET /api/admin/verify': { status: 401, body: { message: 'Admin sign-in required' } } });
    const { router } = renderRoutes(routes, '/sms-test');
    expect(await screen.findByRole('heading', { name: 'Admin Sign In' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/admin/login');
  });

  it('keeps send disabled without a phone and verify disabled without a code; the code takes at most 6 digits', async () => {
    const api = staffApi();
    const { user, phone, code, sendCode, verify, sendBooking } = await openPanel();
    expect(sendCode.disabled).toBe(true);
    expect(verify.disabled).toBe(true);
    expect(sendBooking.disabled).toBe(true);

    await user.type(phone, '0241234567');
    expect(sendCode.disabled).toBe(false);
    expect(verify.disabled).toBe(true);

    expect(code.maxLength).toBe(6);
    await user.type(code, '12345678');
    expect(code.value).toBe('123456');
    expect(verify.disabled).toBe(false);
    await user.clear(code);
    expect(verify.disabled).toBe(true);
    expect(api.calls.filter((call) => call.method === 'POST')).toHaveLength(0);
  });

  it("runs the three steps with the server's messages as toasts", async () => {
    const api = staffApi();
    const { user, phone, code, sendCode, verify, sendBooking } = await openPanel();
    // Typed in the international form: sent as the local number.
    await user.type(phone, '+233 24 123 4567');
    expect(phone.value).toBe('0241234567');

    await user.click(sendCode);
    expect(await findToast()).toEqual({ text: 'Verification code sent!', destructive: false });
    expect(api.callsTo('POST', '/api/admin/sms-test/send-verification').map((call) => call.body)).toEqual([{ phoneNumber: '0241234567' }]);
    expect(document.activeElement).toBe(code);

    await user.type(code, '482913');
    await user.click(verify);
    expect(await findToast()).toEqual({ text: 'Phone number verified!', destructive: false });
    expect(api.callsTo('POST', '/api/admin/sms-test/verify-code').map((call) => call.body)).toEqual([
      { phoneNumber: '0241234567', code: '482913' },
    ]);

    const shown = (label: string) => (screen.getByLabelText(label) as HTMLInputElement).value;
    // Tomorrow as the SMS words dates ("12 Dec"); read from the field so midnight cannot move it.
    expect(shown('Date')).toMatch(/^\d{1,2} [A-Z][a-z]{2,3}$/);
    const defaults = { ...defaultBookingDetails(), date: shown('Date') };
    expect(shown('From')).toBe('Accra');
    expect(shown('To')).toBe('Kumasi');
    expect(shown('Time')).toBe('08:00');
    await user.clear(screen.getByLabelText('Driver'));
    await user.type(screen.getByLabelText('Driver'), 'Esi Quaye');
    await user.click(sendBooking);
    expect(await findToast()).toEqual({ text: 'Booking confirmation sent!', destructive: false });
    expect(api.callsTo('POST', '/api/sms/send-booking-confirmation').map((call) => call.body)).toEqual([
      { phoneNumber: '0241234567', bookingDetails: { ...defaults, driver: 'Esi Quaye' } },
    ]);
  });

  it('will not send a booking confirmation with a detail left empty', async () => {
    staffApi();
    const { user, phone, sendBooking } = await openPanel();
    await user.type(phone, '0241234567');
    await user.clear(screen.getByLabelText('Vehicle'));
    expect(sendBooking.disabled).toBe(true);
  });

  it('shows a number that is not a Ghana number under the field and sends nothing', async () => {
    const api = staffApi();
    const { user, phone, sendCode } = await openPanel();
    await user.type(phone, '024123');
    await user.click(sendCode);
    expect(screen.getByText('Please enter a valid 10-digit Ghana phone number starting with 0')).toBeTruthy();
    expect(api.callsTo('POST', '/api/admin/sms-test/send-verification')).toHaveLength(0);
  });

  it('shows a failure as "Error" with the server message', async () => {
    staffApi({
      'POST /api/admin/sms-test/send-verification': { status: 429, body: { message: 'Too many test texts. Try again in a minute.' } },
      'POST /api/admin/sms-test/verify-code': { status: 400, body: { message: 'Invalid or expired code' } },
    });
    const { user, phone, code, sendCode, verify } = await openPanel();
    await user.type(phone, '0241234567');
    await user.click(sendCode);
    expect(await findToast()).toEqual({ text: 'ErrorToo many test texts. Try again in a minute.', destructive: true });
    await user.type(code, '000000');
    await user.click(verify);
    expect(await findToast()).toEqual({ text: 'ErrorInvalid or expired code', destructive: true });
  });
});
