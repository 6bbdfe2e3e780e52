import { mockApi } from '@krom/ui-kit/testing/mock-api.ts';
import { findToast } from '@krom/ui-kit/testing/find-toast.ts';
import { renderRoutes } from '@krom/ui-kit/testing/render-routes.tsx';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { routes } from '../../../app/routes.tsx';

const ama = { id: '5b4c9a57-62a5-4c3b-9a3e-1a2b3c4d5e6f', username: 'ama', roles: ['administrator'], createdAt: '2025-03-01T09:30:00.000Z' };
const kwesi = { id: '6b4c9a57-62a5-4c3b-9a3e-1a2b3c4d5e6f', username: 'kwesi', roles: ['support', 'finance'], createdAt: '2025-06-01T10:00:00.000Z' };

function adminApi(createAnswer: { status: number; body: unknown }) {
  const admins = [ama];
  return mockApi({
    'GET /api/admin/verify': { status: 200, body: { admin: ama } },
    'GET /api/admin/waitlist': { status: 200, body: [] },
    'GET /api/admin/users': () => ({ status: 200, body: [...admins] }),
    'POST /api/admin/users': () => {
      if (createAnswer.status === 201) admins.push(kwesi);
      return createAnswer;
    },
  });
}

async function openAdminUsers() {
  const view = renderRoutes(routes, '/admin');
  await screen.findByText('No waitlist signups yet');
  await view.user.selectOptions(screen.getByRole('combobox', { name: 'Admin sections' }), 'Admin Users (1)');
  const form = screen.getByRole('form', { name: 'Create Admin User' });
  return {
    ...view,
    username: within(form).getByLabelText('Username') as HTMLInputElement,
    password: within(form).getByLabelText('Password') as HTMLInputElement,
    submit: within(form).getByRole('button', { name: 'Create Admin' }),
  };
}

describe('creating an admin user', () => {
  it('does nothing while either field is empty', async () => {
    const api = adminApi({ status: 201, body: kwesi });
    const { user, username, password, submit } = await openAdminUsers();
    await user.click(submit);
    await user.type(username, 'kwesi');
    await user.click(submit);
    await user.clear(username);
    await user.type(password, 'secret12');
    await user.click(submit);
    expect(api.callsTo('POST', '/api/admin/users')).toHaveLength(0);
    expect(screen.getByRole('region', { name: 'Notifications (F8)' }).querySelector('li')).toBeNull();
  });

  it('creates the admin, clears the form, refreshes the list and confirms', async () => {
    const api = adminApi({ status: 201, body: kwesi });
    const { user, username, password, submit } = await openAdminUsers();
    await user.type(username, 'kwesi');
    await user.type(password, 'secret12');
    // Support is ticked to start with; finance is added.
    await user.click(within(screen.getByRole('form', { name: 'Create Admin User' })).getByRole('checkbox', { name: 'Finance' }));
    await user.click(submit);

    expect(await findToast()).toEqual({ text: 'Admin user createdNew admin user has been created successfully', destructive: false });
    expect(api.callsTo('POST', '/api/admin/users')[0]?.body).toEqual({ username: 'kwesi', password: 'secret12', roles: ['support', 'finance'] });
    expect(await screen.findByRole('cell', { name: 'kwesi' })).toBeTruthy();
    expect(screen.getByRole('option', { name: 'Admin Users (2)' })).toBeTruthy();
    expect(username.value).toBe('');
    expect(password.value).toBe('');
  });

  it("shows the server's reason when the username is taken", async () => {
    adminApi({ status: 409, body: { message: 'Username already exists' } });
    const { user, username, password, submit } = await openAdminUsers();
    await user.type(username, 'ama');
    await user.type(password, 'secret12');
    await user.click(submit);
    expect(await findToast()).toEqual({ text: 'Error creating admin userUsername already exists', destructive: true });
    expect(username.value).toBe('ama');
  });

  it('says "Failed to create admin user" when the failure carries no message', async () => {
    adminApi({ status: 500, body: '' });
    const { user, username, password, submit } = await openAdminUsers();
    await user.type(username, 'kwesi');
    await user.type(password, 'secret12');
    await user.click(submit);
    expect(await findToast()).toEqual({ text: 'Error creating admin userFailed to create admin user', destructive: true });
  });
});
