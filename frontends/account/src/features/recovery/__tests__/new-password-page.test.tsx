import { findToast } from '@krom/ui-kit/testing/find-toast.ts';
import { mockApi } from '@krom/ui-kit/testing/mock-api.ts';
import { renderRoutes } from '@krom/ui-kit/testing/render-routes.tsx';
import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { authRoutes } from '../../../app/__tests__/auth-routes.tsx';
import { readReset, saveReset } from '../recovery-storage.ts';

const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
const saveButton = () => screen.getByRole('button', { name: 'Reset Password' });

function openNewPassword() {
  return renderRoutes(authRoutes, '/reset-password');
}

/** The error announced for a field, found the way assistive technology finds it. */
function errorOf(input: HTMLInputElement): string | null {
  const id = input.getAttribute('aria-describedby');
  return id ? (document.getElementById(id)?.textContent ?? null) : null;
}

function ruleStates() {
  const list = screen.getByRole('list', { name: 'Password requirements' });
  return within(list)
    .getAllByRole('listitem')
    .map((item) => item.textContent);
}

beforeEach(() => sessionStorage.clear());

describe('new password (/reset-password)', () => {
  it('shows the spec message for each unmet rule and for the confirmation, and sends nothing', async () => {
    const api = mockApi({});
    const { user } = openNewPassword();
    await user.click(await screen.findByRole('button', { name: 'Reset Password' }));
    expect(errorOf(field('New Password'))).toBe('Password must be at least 8 characters');
    expect(errorOf(field('Confirm Password'))).toBe('Please confirm your password');

    await user.type(field('New Password'), 'abcdefgh');
    expect(errorOf(field('New Password'))).toBe('Password must contain at least one uppercase letter');
    await user.clear(field('New Password'));
    await user.type(field('New Password'), 'ABCDEFGH');
    expect(errorOf(field('New Password'))).toBe('Password must contain at least one lowercase letter');
    await user.clear(field('New Password'));
    await user.type(field('New Password'), 'Abcdefgh');
    expect(errorOf(field('New Password'))).toBe('Password must contain at least one number');
    await user.type(field('New Password'), '1');
    expect(errorOf(field('New Password'))).toBeNull();

    await user.type(field('Confirm Password'), 'Abcdefgh2');
    expect(errorOf(field('Confirm Password'))).toBe("Passwords don't match");
    expect(field('Confirm Password').getAttribute('aria-invalid')).toBe('true');
    expect(field('New Password').getAttribute('aria-invalid')).toBeNull();
    expect(api.calls).toHaveLength(0);
  });

  it('ticks off each rule as the password meets it', async () => {
    mockApi({});
    const { user } = openNewPassword();
    await screen.findByLabelText('New Password');
    expect(ruleStates()).toEqual([
      'Not met: At least 8 characters',
      'Not met: One uppercase letter',
      'Not met: One lowercase letter',
      'Not met: One number',
    ]);
    await user.type(field('New Password'), 'k');
    await user.type(field('New Password'), 'K7');
    expect(ruleStates()).toEqual([
      'Not met: At least 8 characters',
      'Met: One uppercase letter',
      'Met: One lowercase letter',
      'Met: One number',
    ]);
    await user.type(field('New Password'), 'umasi');
    expect(ruleStates()[0]).toBe('Met: At least 8 characters');
  });

  it('shows and hides each password field on its own', async () => {
    mockApi({});
    const { user } = openNewPassword();
    await screen.findByLabelText('New Password');
    await user.click(screen.getByRole('button', { name: 'Show new password' }));
    expect(field('New Password').type).toBe('text');
    expect(field('Confirm Password').type).toBe('password');
    await user.click(screen.getByRole('button', { name: 'Show confirm password' }));
    expect(field('Confirm Password').type).toBe('text');
    await user.click(screen.getByRole('button', { name: 'Hide new password' }));
    expect(field('New Password').type).toBe('password');
  });

  it('saves the password, confirms it in a dialog and continues to the login page', async () => {
    saveReset({ method: 'email', sentTo: 'a***@example.com' });
    const api = mockApi({
      'POST /api/auth/reset-password': { status: 200, body: { ok: true } },
      'GET /api/auth/user': { status: 401, body: { message: 'Not signed in' } },
    });
    const { user, router } = openNewPassword();
    await user.type(await screen.findByLabelText('New Password'), 'Kumasi2026');
    await user.type(field('Confirm Password'), 'Kumasi2026');
    await user.click(saveButton());

    const dialog = await screen.findByRole('dialog', { name: 'Password successfully saved and updated' });
    expect(api.callsTo('POST', '/api/auth/reset-password')[0]?.body).toEqual({ password: 'Kumasi2026' });
    expect(readReset()).toBeNull();
    const next = within(dialog).getByRole('button', { name: 'Continue to Login' });
    expect(document.activeElement).toBe(next);
    await user.click(next);
    expect(await screen.findByRole('heading', { name: 'Welcome Back' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/login');
  });

  it('says "Password Reset Failed" with the server\'s reason, or the default text', async () => {
    let reply: { status: number; body?: unknown } = { status: 400, body: { message: 'Please verify your reset code first.' } };
    mockApi({ 'POST /api/auth/reset-password': () => reply });
    const { user, router } = openNewPassword();
    await user.type(await screen.findByLabelText('New Password'), 'Kumasi2026');
    await user.type(field('Confirm Password'), 'Kumasi2026');
    await user.click(saveButton());
    expect(await findToast()).toEqual({ text: 'Password Reset FailedPlease verify your reset code first.', destructive: true });
    expect(screen.queryByRole('dialog')).toBeNull();

    reply = { status: 500, body: '' };
    await user.click(saveButton());
    expect(await screen.findByText('Failed to reset password. Please try again.')).toBeTruthy();
    expect(await findToast()).toEqual({ text: 'Password Reset FailedFailed to reset password. Please try again.', destructive: true });
    expect(router.state.location.pathname).toBe('/reset-password');
  });
});
