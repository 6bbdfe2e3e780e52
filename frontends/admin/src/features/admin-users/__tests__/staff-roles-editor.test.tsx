import { mockApi } from '@krom/ui-kit/testing/mock-api.ts';
import { findToast } from '@krom/ui-kit/testing/find-toast.ts';
import { renderRoutes } from '@krom/ui-kit/testing/render-routes.tsx';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { routes } from '../../../app/routes.tsx';

const ama = { id: '5b4c9a57-62a5-4c3b-9a3e-1a2b3c4d5e6f', username: 'ama', roles: ['administrator'], createdAt: '2025-03-01T09:30:00.000Z' };
const kwesi = { id: '6b4c9a57-62a5-4c3b-9a3e-1a2b3c4d5e6f', username: 'kwesi', roles: ['support'], createdAt: '2025-06-01T10:00:00.000Z' };

function rolesApi(answer: (roles: string[]) => { status: number; body: unknown }) {
  const admins = [ama, { ...kwesi }];
  return mockApi({
    'GET /api/admin/verify': { status: 200, body: { admin: ama } },
    'GET /api/admin/waitlist': { status: 200, body: [] },
    'GET /api/admin/users': () => ({ status: 200, body: admins.map((admin) => ({ ...admin })) }),
    [`PUT /api/admin/users/${kwesi.id}/roles`]: ({ body }) => {
      const reply = answer((body as { roles: string[] }).roles);
      if (reply.status === 200) Object.assign(admins[1] as object, { roles: (body as { roles: string[] }).roles });
      return reply;
    },
  });
}

async function openRolesOf(username: string) {
  const view = renderRoutes(routes, '/admin?tab=admins');
  return { ...view, form: await screen.findByRole('form', { name: `Roles of ${username}` }, { timeout: 15_000 }) };
}

describe("editing a staff account's roles", () => {
  it('shows each account with its roles ticked, and saves the new ones', async () => {
    const api = rolesApi((roles) => ({ status: 200, body: { ...kwesi, roles } }));
    const { user, form } = await openRolesOf('kwesi');
    const box = (name: string) => within(form).getByRole('checkbox', { name }) as HTMLInputElement;
    expect(['Support', 'Trust & safety', 'Finance', 'Administrator'].map((name) => box(name).checked)).toEqual([true, false, false, false]);
    const save = within(form).getByRole('button', { name: 'Save' }) as HTMLButtonElement;
    expect(save.disabled).toBe(true);
    await user.click(box('Finance'));
    await user.click(save);
    expect(await findToast()).toEqual({ text: 'Roles savedkwesi has the new roles from their next sign-in', destructive: false });
    expect(api.callsTo('PUT', `/api/admin/users/${kwesi.id}/roles`).map((call) => call.body)).toEqual([{ roles: ['support', 'finance'] }]);
    // The list is read again: the row shows what the server now holds.
    const again = await screen.findByRole('form', { name: 'Roles of kwesi' });
    expect((within(again).getByRole('checkbox', { name: 'Finance' }) as HTMLInputElement).checked).toBe(true);
    expect((within(again).getByRole('button', { name: 'Save' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it("shows the server's refusal", async () => {
    rolesApi(() => ({ status: 400, body: { message: 'Choose at least one role' } }));
    const { user, form } = await openRolesOf('kwesi');
    await user.click(within(form).getByRole('checkbox', { name: 'Support' }));
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await findToast()).toEqual({ text: 'Roles not savedChoose at least one role', destructive: true });
  });

  it("does not let an administrator clear their own administrator role", async () => {
    rolesApi(() => ({ status: 200, body: kwesi }));
    const { form } = await openRolesOf('ama');
    const own = within(form).getByRole('checkbox', { name: 'Administrator' }) as HTMLInputElement;
    expect(own.checked).toBe(true);
    expect(own.disabled).toBe(true);
    expect(within(form).getByText(/You cannot remove your own administrator role/)).toBeTruthy();
    expect((within(await screen.findByRole('form', { name: 'Roles of kwesi' })).getByRole('checkbox', { name: 'Administrator' }) as HTMLInputElement).disabled).toBe(false);
  });
});
