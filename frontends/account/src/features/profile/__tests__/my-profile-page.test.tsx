import type { User } from '@krom/contracts/http/auth';
import { findToast } from '@krom/ui-kit/testing/find-toast.ts';
import { mockApi } from '@krom/ui-kit/testing/mock-api.ts';
import { renderRoutes } from '@krom/ui-kit/testing/render-routes.tsx';
import { aUser, frameAnswers } from '@krom/ui-kit/testing/signed-in-api.ts';
import { screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { routes } from '../../../app/routes.tsx';

beforeAll(() => import('../components/my-profile-page.tsx'), 30_000);

const elsewhere = [{ path: '/login', Component: () => <h1>Log in</h1> }];

/** /my-profile or /edit-profile against a server that keeps what PUT /api/auth/profile saves. */
function open(path: string, user: User) {
  let saved = user;
  const api = mockApi({
    ...frameAnswers(user),
    'GET /api/auth/user': () => ({ status: 200, body: saved }),
    'PUT /api/auth/profile': ({ body }) => {
      saved = { ...saved, ...(body as Partial<User>) };
      return { status: 200, body: saved };
    },
  });
  return { api, ...renderRoutes([...elsewhere, ...routes], path) };
}

const card = () => screen.getByRole('form', { name: 'Emergency contact' });
const input = (label: string) => within(card()).getByLabelText(label) as HTMLInputElement;

describe('/my-profile', () => {
  it('shows the member their photo, name, verification, member since and the emergency contact, not yet editable', async () => {
    open('/my-profile', aUser({ isVerified: true, verificationStatus: 'approved', emergencyContactName: 'Kofi Mensah', emergencyContactPhone: '0201112223' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Ama Mensah' })).toBeTruthy();
    expect(screen.getByText('✓ ID verified')).toBeTruthy();
    expect(screen.getByText('Member since November 2026')).toBeTruthy();
    expect(input('Emergency Contact Name').value).toBe('Kofi Mensah');
    expect(input('Emergency Contact Phone').value).toBe('0201112223');
    expect(input('Emergency Contact Name').readOnly).toBe(true);
    expect(within(card()).getByText("We'll only use this contact in case of emergencies.")).toBeTruthy();
    expect((within(card()).getByRole('button', { name: 'Save' }) as HTMLButtonElement).disabled).toBe(true);
    // A passenger-only member has no driver profile to link to, but has their stats as a passenger.
    expect(screen.queryByRole('link', { name: 'View Driver Profile' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Profile Stats' }).getAttribute('href')).toBe('/edit-profile-stats');
  });

  it('Edit opens the contact; Save keeps it on the account and shows it saved', async () => {
    const { api, user } = open('/my-profile', aUser());
    await screen.findByRole('heading', { level: 1, name: 'Ama Mensah' });
    await user.click(within(card()).getByRole('button', { name: 'Edit' }));
    await user.type(input('Emergency Contact Name'), 'Kofi Mensah');
    await user.type(input('Emergency Contact Phone'), '+233 20 111 2223');
    await user.click(within(card()).getByRole('button', { name: 'Save' }));

    expect(await findToast()).toEqual({ text: 'Profile Updated', destructive: false });
    expect(api.callsTo('PUT', '/api/auth/profile')[0]?.body).toEqual({
      firstName: 'Ama',
      lastName: 'Mensah',
      emergencyContactName: 'Kofi Mensah',
      emergencyContactPhone: '0201112223',
    });
    expect(input('Emergency Contact Phone').value).toBe('0201112223');
    expect(input('Emergency Contact Name').readOnly).toBe(true);
  });

  it('links a driver to their driver profile', async () => {
    open('/my-profile', aUser({ isDriver: true, driverVerificationStatus: 'approved' }));
    await screen.findByRole('heading', { level: 1, name: 'Ama Mensah' });
    expect(screen.getByText('✓ Driver verified')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'View Driver Profile' }).getAttribute('href')).toBe('/driver-profile');
  });

  it('sends a signed-out visitor to /login', async () => {
    mockApi({ 'GET /api/auth/user': { status: 401, body: { message: 'Not signed in' } } });
    renderRoutes([...elsewhere, ...routes], '/my-profile');
    expect(await screen.findByRole('heading', { name: 'Log in' })).toBeTruthy();
  });
});

describe('/edit-profile', () => {
  it('opens the emergency contact ready to edit', async () => {
    open('/edit-profile', aUser());
    await screen.findByRole('heading', { level: 1, name: 'Ama Mensah' });
    expect(input('Emergency Contact Name').readOnly).toBe(false);
    expect((within(card()).getByRole('button', { name: 'Save' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it.each([
    [{ name: 'Kofi Mensah', phone: '' }, 'Emergency Contact Phone', "Please enter your emergency contact's phone number"],
    [{ name: '', phone: '0201112223' }, 'Emergency Contact Name', "Please enter your emergency contact's name"],
    [{ name: 'Kofi Mensah', phone: '12345' }, 'Emergency Contact Phone', 'Please enter a valid 10-digit Ghana phone number starting with 0'],
  ])('refuses %j with its message beside the field and sends nothing', async (typed, wrongField, message) => {
    const { api, user } = open('/edit-profile', aUser());
    await screen.findByRole('heading', { level: 1, name: 'Ama Mensah' });
    if (typed.name) await user.type(input('Emergency Contact Name'), typed.name);
    if (typed.phone) await user.type(input('Emergency Contact Phone'), typed.phone);
    await user.click(within(card()).getByRole('button', { name: 'Save' }));
    expect(await within(card()).findByText(message)).toBeTruthy();
    expect(input(wrongField).getAttribute('aria-invalid')).toBe('true');
    expect(api.callsTo('PUT', '/api/auth/profile')).toHaveLength(0);
  });

  it('clears the contact when both are emptied', async () => {
    const { api, user } = open('/edit-profile', aUser({ emergencyContactName: 'Kofi Mensah', emergencyContactPhone: '0201112223' }));
    await screen.findByRole('heading', { level: 1, name: 'Ama Mensah' });
    await user.clear(input('Emergency Contact Name'));
    await user.clear(input('Emergency Contact Phone'));
    await user.click(within(card()).getByRole('button', { name: 'Save' }));
    await findToast();
    expect(api.callsTo('PUT', '/api/auth/profile')[0]?.body).toMatchObject({ emergencyContactName: null, emergencyContactPhone: null });
  });
});
