import { vehicleMessages } from '@krom/contracts/http/vehicles';
import { findToast } from '@krom/ui-kit/testing/find-toast.ts';
import { mockApi } from '@krom/ui-kit/testing/mock-api.ts';
import { renderRoutes } from '@krom/ui-kit/testing/render-routes.tsx';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { routes } from '../../../app/routes.tsx';
import { aVehicle } from '../../../components/__tests__/ride-fixtures.ts';
import { elsewhere, vehiclesApi } from './vehicles-api.tsx';

// The screen loads lazily, as in the browser; compiling it once up front keeps that cost out of
// the first test's time limit on a busy machine.
beforeAll(() => import('../components/manage-vehicles-page.tsx'), 30_000);

const corolla = aVehicle({ year: 2019, make: 'Toyota', model: 'Corolla', color: 'Silver', licensePlate: 'GR-1234-20', seats: 4 });
const elantra = aVehicle({ year: 2021, make: 'Hyundai', model: 'Elantra', color: 'Blue', licensePlate: 'AS-4821-Z', seats: 5, upcomingRides: 2 });

function openList(...args: Parameters<typeof vehiclesApi>) {
  const api = vehiclesApi(...args);
  return { api, ...renderRoutes([...elsewhere, ...routes], '/manage-vehicles') };
}

// Forms filled key by key through lazily loaded screens: seconds on a busy 2-core machine.
describe('/manage-vehicles', () => {
  it('sends a signed-out visitor to /login', async () => {
    let answer: () => void = () => {};
    const answered = new Promise<void>((resolve) => {
      answer = resolve;
    });
    mockApi({ 'GET /api/auth/user': () => answered.then(() => ({ status: 401, body: { message: 'Not signed in' } })) });
    const { router } = renderRoutes([...elsewhere, ...routes], '/manage-vehicles');
    // A spinner while the auth state is read.
    expect((await screen.findByRole('status')).textContent).toBe('Loading...');
    answer();
    expect(await screen.findByRole('heading', { name: 'Screen /login' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/login');
  });

  it('invites a user without vehicles to add the first one', async () => {
    openList([]);
    expect(await screen.findByText('No vehicles registered')).toBeTruthy();
    expect(screen.getByText('Add your first vehicle to start posting rides and earning money.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Add Your First Vehicle' }).getAttribute('href')).toBe('/add-vehicle');
    expect(screen.getByRole('link', { name: /Back to Dashboard/ }).getAttribute('href')).toBe('/dashboard');
    expect(screen.getByRole('link', { name: 'Add Vehicle' }).getAttribute('href')).toBe('/add-vehicle');
  });

  it('shows each vehicle as a card: year make model, plate, colour, seats, Active, edit and delete', async () => {
    openList([corolla, elantra]);
    const card = await screen.findByRole('article', { name: '2019 Toyota Corolla' });
    expect(within(card).getByRole('heading', { name: '2019 Toyota Corolla' })).toBeTruthy();
    expect(within(card).getByText('Active')).toBeTruthy();
    expect(within(card).getByText('GR-1234-20')).toBeTruthy();
    // A plate is read whole: it never breaks at a hyphen on a narrow phone.
    expect(getComputedStyle(within(card).getByText('GR-1234-20')).whiteSpace).toBe('nowrap');
    expect(within(card).getByText('Silver')).toBeTruthy();
    expect(within(card).getByText('4 seats')).toBeTruthy();
    expect(within(card).getByRole('link', { name: 'Edit 2019 Toyota Corolla' }).getAttribute('href')).toBe(`/edit-vehicle/${corolla.id}`);
    expect(within(card).getByRole('button', { name: 'Delete 2019 Toyota Corolla' })).toBeTruthy();

    const second = screen.getByRole('article', { name: '2021 Hyundai Elantra' });
    expect(within(second).getByText('Active')).toBeTruthy();
    expect(within(second).getByText('2 upcoming rides')).toBeTruthy();
    expect(screen.queryByText('No vehicles registered')).toBeNull();
  });

  it('asks before deleting, and Cancel keeps the vehicle', async () => {
    const { api, user } = openList([corolla]);
    const deleteButton = await screen.findByRole('button', { name: 'Delete 2019 Toyota Corolla' });
    await user.click(deleteButton);
    const dialog = screen.getByRole('alertdialog', { name: 'Delete vehicle?' });
    expect(within(dialog).getByText('Are you sure you want to delete 2019 Toyota Corolla? This action cannot be undone.')).toBeTruthy();
    // The safe answer has the focus; Escape is the same as Cancel.
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Cancel' }));
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(document.activeElement).toBe(deleteButton);

    await user.click(deleteButton);
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(api.callsTo('DELETE', `/api/vehicles/${corolla.id}`)).toHaveLength(0);
    expect(screen.getByRole('article', { name: '2019 Toyota Corolla' })).toBeTruthy();
  });

  it('deletes after confirmation, says so and refreshes the list', async () => {
    const { api, user } = openList([corolla]);
    await user.click(await screen.findByRole('button', { name: 'Delete 2019 Toyota Corolla' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    expect(await findToast()).toEqual({ text: 'Vehicle DeletedYour vehicle has been removed successfully.', destructive: false });
    expect(api.callsTo('DELETE', `/api/vehicles/${corolla.id}`)).toHaveLength(1);
    expect(await screen.findByText('No vehicles registered')).toBeTruthy();
    expect(api.callsTo('GET', '/api/vehicles')).toHaveLength(2);
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it("shows the server's reason when a vehicle with upcoming rides cannot be deleted", async () => {
    const { user } = openList([elantra]);
    await user.click(await screen.findByRole('button', { name: 'Delete 2021 Hyundai Elantra' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    expect(await findToast()).toEqual({ text: `Error Deleting Vehicle${vehicleMessages.hasUpcomingRides}`, destructive: true });
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(screen.getByRole('article', { name: '2021 Hyundai Elantra' })).toBeTruthy();
  });

  it('falls back to its own words when the failure has no message', async () => {
    const { user } = openList([corolla], { [`DELETE /api/vehicles/${corolla.id}`]: { status: 502, body: 'Bad Gateway' } });
    await user.click(await screen.findByRole('button', { name: 'Delete 2019 Toyota Corolla' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    expect(await findToast()).toEqual({ text: 'Error Deleting VehicleFailed to delete vehicle. Please try again.', destructive: true });
  });

  it('offers to try again when the list cannot be loaded', async () => {
    const { user } = openList([], { 'GET /api/vehicles': { status: 500, body: { message: 'Down' } } });
    expect((await screen.findByRole('alert')).textContent).toBe('Your vehicles could not be loaded.');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
  });
});
