import { mockApi } from '@krom/ui-kit/testing/mock-api.ts';
import { findToast } from '@krom/ui-kit/testing/find-toast.ts';
import { renderRoutes } from '@krom/ui-kit/testing/render-routes.tsx';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ThankYouPage } from '../components/thank-you-page.tsx';
import { WaitlistPage } from '../components/waitlist-page.tsx';

const routes = [
  { path: '/waitlist', Component: WaitlistPage },
  { path: '/thank-you', Component: ThankYouPage },
];

function openWaitlist() {
  return renderRoutes(routes, '/waitlist');
}

const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;

async function fillValidForm(user: ReturnType<typeof openWaitlist>['user']) {
  await user.type(field('First Name'), 'Ama');
  await user.type(field('Last Name'), 'Mensah');
  await user.type(field('Email'), 'ama@example.com');
  await user.type(field('Phone Number'), '0241234567');
}

describe('waitlist phone number field', () => {
  it('keeps digits only and starts with 0', async () => {
    const { user } = openWaitlist();
    await user.type(field('Phone Number'), 'a2 4-1b');
    expect(field('Phone Number').value).toBe('0241');
  });

  it('shows the local number on leaving the field, without its separators', async () => {
    const { user } = openWaitlist();
    await user.type(field('Phone Number'), '024 123-4567');
    await user.tab();
    expect(field('Phone Number').value).toBe('0241234567');
  });

  it('stops at 10 digits', async () => {
    const { user } = openWaitlist();
    await user.type(field('Phone Number'), '024123456789');
    expect(field('Phone Number').value).toBe('0241234567');
  });

  it('reads a pasted international number as the local number it is', async () => {
    const { user } = openWaitlist();
    await user.click(field('Phone Number'));
    await user.paste('+233 24 123 4567');
    await user.tab();
    // Not 0233241234, another valid-looking number.
    expect(field('Phone Number').value).toBe('0241234567');
  });
});

describe('waitlist validation', () => {
  it('shows every message of the spec and sends nothing', async () => {
    const api = mockApi({});
    const { user } = openWaitlist();
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));

    expect(screen.getAllByText('Name must be at least 2 characters')).toHaveLength(2);
    expect(field('First Name').getAttribute('aria-invalid')).toBe('true');
    expect(field('Last Name').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('Please enter a valid email address')).toBeTruthy();
    expect(screen.getByText('Please enter a valid 10-digit Ghana phone number starting with 0')).toBeTruthy();
    expect(api.calls).toHaveLength(0);
  });

  it('accepts a one-letter first name when the joined name is long enough', async () => {
    mockApi({ 'POST /api/waitlist': { status: 201, body: { id: '5d3c9a7e-2f1b-4c8d-9e6a-1b2c3d4e5f60', alreadyJoined: false } } });
    const { user } = openWaitlist();
    await user.type(field('First Name'), 'A');
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));
    expect(screen.getAllByText('Name must be at least 2 characters')).toHaveLength(2);

    await user.type(field('Last Name'), 'B');
    expect(screen.queryByText('Name must be at least 2 characters')).toBeNull();
  });

  it('rejects a 10-digit number whose second digit is 0 or 1', async () => {
    const api = mockApi({});
    const { user } = openWaitlist();
    await user.type(field('First Name'), 'Ama');
    await user.type(field('Email'), 'ama@example.com');
    await user.type(field('Phone Number'), '0141234567');
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));
    expect(screen.getByText('Please enter a valid 10-digit Ghana phone number starting with 0')).toBeTruthy();
    expect(api.calls).toHaveLength(0);
  });
});

describe('joining the waitlist', () => {
  it('sends name, email and phone, shows "Signing Up..." meanwhile, then thanks the visitor', async () => {
    let answer: (reply: { status: number; body: unknown }) => void = () => {};
    const api = mockApi({
      'POST /api/waitlist': () =>
        new Promise((resolve) => {
          answer = resolve;
        }),
    });
    const { user, router } = openWaitlist();
    await fillValidForm(user);
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));

    const pending = await screen.findByRole('button', { name: 'Signing Up...' });
    expect((pending as HTMLButtonElement).disabled).toBe(true);
    expect(api.callsTo('POST', '/api/waitlist')[0]?.body).toEqual({
      name: 'Ama Mensah',
      email: 'ama@example.com',
      phone: '0241234567',
    });

    answer({ status: 201, body: { id: '8a1f2b3c-4d5e-4f60-8a7b-9c0d1e2f3a4b', alreadyJoined: false } });
    expect(await screen.findByRole('heading', { name: 'Thank You!' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/thank-you');
    expect(screen.getByText(/coming soon to Ghana/)).toBeTruthy();
    for (const network of ['X', 'Facebook', 'Instagram', 'LinkedIn']) {
      expect(screen.getByRole('link', { name: `Share on ${network}` })).toBeTruthy();
    }
  });

  it("shows the server's message in an error toast when joining fails", async () => {
    mockApi({
      'POST /api/waitlist': { status: 400, body: { message: 'Please enter a valid email address' } },
    });
    const { user, router } = openWaitlist();
    await fillValidForm(user);
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));

    expect(await findToast()).toEqual({ text: 'ErrorPlease enter a valid email address', destructive: true });
    expect(router.state.location.pathname).toBe('/waitlist');
    expect(screen.getByRole('button', { name: 'Sign Up' })).toBeTruthy();
  });

  it('says "Failed to submit form" when the failure carries no message', async () => {
    mockApi({ 'POST /api/waitlist': { status: 502, body: '<html>Bad Gateway</html>' } });
    const { user } = openWaitlist();
    await fillValidForm(user);
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));

    expect(await findToast()).toEqual({ text: 'ErrorFailed to submit form', destructive: true });
  });
});
