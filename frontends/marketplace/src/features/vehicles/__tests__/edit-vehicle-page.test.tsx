import { vehicleMessages } from '@krom/contracts/http/vehicles';
import { findToast } from '@krom/ui-kit/testing/find-toast.ts';
import { renderRoutes } from '@krom/ui-kit/testing/render-routes.tsx';
import { screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { routes } from '../../../app/routes.tsx';
import { aVehicle } from '../../../components/__tests__/ride-fixtures.ts';
import { elsewhere, vehiclesApi } from './vehicles-api.tsx';

// The screens load lazily, as in the browser; compiling them once up front keeps that cost out
// of the first test's time limit on a busy machine.
beforeAll(async () => {
  await import('../components/edit-vehicle-page.tsx');
  await import('../components/manage-vehicles-page.tsx');
});

const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement & HTMLSelectElement;
const corolla = aVehicle({ year: 2019, make: 'Toyota', model: 'Corolla', color: 'Silver', licensePlate: 'GR-1234-20', seats: 4 });

function openEdit(id: string, ...args: Parameters<typeof vehiclesApi>) {
  const api = vehiclesApi(...args);
  return { api, ...renderRoutes([...elsewhere, ...routes], `/edit-vehicle/${id}`) };
}

// Forms filled key by key through lazily loaded screens: seconds on a busy 2-core machine.
describe('/edit-vehicle/{id}', () => {
  it('opens from the card, filled with the vehicle', async () => {
    const api = vehiclesApi([corolla]);
    const { user, router } = renderRoutes([...elsewhere, ...routes], '/manage-vehicles');
    await user.click(await screen.findByRole('link', { name: 'Edit 2019 Toyota Corolla' }));
    expect(router.state.location.pathname).toBe(`/edit-vehicle/${corolla.id}`);
    await screen.findByRole('form', { name: 'Edit Vehicle' });
    expect(field('Make').value).toBe('Toyota');
    expect(field('Model').value).toBe('Corolla');
    expect(field('Year').value).toBe('2019');
    expect(field('Colour').value).toBe('Silver');
    expect(field('Licence Plate').value).toBe('GR-1234-20');
    expect(field('Seats').value).toBe('4');
    // Read fresh from the server, not from the list.
    expect(api.callsTo('GET', `/api/vehicles/${corolla.id}`)).toHaveLength(1);
  });

  it('saves the changes with PUT, says so and shows them in the list', async () => {
    const { api, user, router } = openEdit(corolla.id, [corolla]);
    await screen.findByRole('form', { name: 'Edit Vehicle' });
    await user.selectOptions(field('Colour'), 'Black');
    await user.selectOptions(field('Seats'), '5');
    await user.clear(field('Model'));
    await user.type(field('Model'), 'Corolla Cross');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await findToast()).toEqual({ text: 'Vehicle UpdatedYour vehicle details have been saved.', destructive: false });
    expect(api.callsTo('PUT', `/api/vehicles/${corolla.id}`)[0]?.body).toEqual({
      make: 'Toyota',
      model: 'Corolla Cross',
      year: 2019,
      color: 'Black',
      licensePlate: 'GR-1234-20',
      seats: 5,
    });
    const card = await screen.findByRole('article', { name: '2019 Toyota Corolla Cross' });
    expect(router.state.location.pathname).toBe('/manage-vehicles');
    expect(within(card).getByText('Black')).toBeTruthy();
    expect(within(card).getByText('5 seats')).toBeTruthy();
  });

  it('checks the fields with the same rules as adding', async () => {
    const { api, user } = openEdit(corolla.id, [corolla]);
    await screen.findByRole('form', { name: 'Edit Vehicle' });
    await user.clear(field('Licence Plate'));
    await user.type(field('Licence Plate'), 'NOPE');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText(vehicleMessages.licensePlate)).toBeTruthy();
    expect(api.callsTo('PUT', `/api/vehicles/${corolla.id}`)).toHaveLength(0);
  });

  it("shows the server's message when saving fails", async () => {
    const { user } = openEdit(corolla.id, [corolla], {
      [`PUT /api/vehicles/${corolla.id}`]: { status: 409, body: { message: vehicleMessages.plateTaken } },
    });
    await screen.findByRole('form', { name: 'Edit Vehicle' });
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await findToast()).toEqual({ text: `Error Updating Vehicle${vehicleMessages.plateTaken}`, destructive: true });
  });

  it('says a vehicle that is not on the account was not found, with a way back', async () => {
    openEdit('00000000-0000-4000-8000-000000000404', []);
    const problem = await screen.findByRole('alert');
    expect(within(problem).getByText('Vehicle not found')).toBeTruthy();
    expect(within(problem).getByRole('link', { name: 'Back to My Vehicles' }).getAttribute('href')).toBe('/manage-vehicles');
    expect(screen.queryByRole('form')).toBeNull();
  });

  it('Cancel goes back to the list', async () => {
    const { user, router } = openEdit(corolla.id, [corolla]);
    await screen.findByRole('form', { name: 'Edit Vehicle' });
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(await screen.findByRole('article', { name: '2019 Toyota Corolla' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/manage-vehicles');
  });
});
