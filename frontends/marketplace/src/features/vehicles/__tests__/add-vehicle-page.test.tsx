import { maxVehicleYear, vehicleColors, vehicleMakes, vehicleMessages } from '@krom/contracts/http/vehicles';
import { findToast } from '@krom/ui-kit/testing/find-toast.ts';
import { mockApi } from '@krom/ui-kit/testing/mock-api.ts';
import { renderRoutes } from '@krom/ui-kit/testing/render-routes.tsx';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { routes } from '../../../app/routes.tsx';
import { elsewhere, vehiclesApi } from './vehicles-api.tsx';

// The screens load lazily, as in the browser; compiling them once up front keeps that cost out
// of the first test's time limit on a busy machine.
beforeAll(async () => {
  await import('../components/add-vehicle-page.tsx');
  await import('../components/manage-vehicles-page.tsx');
});

const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement & HTMLSelectElement;
const thisYear = new Date().getUTCFullYear();

function openForm(path = '/add-vehicle', ...args: Parameters<typeof vehiclesApi>) {
  const api = vehiclesApi(...args);
  return { api, ...renderRoutes([...elsewhere, ...routes], path) };
}

async function fillValidForm(user: ReturnType<typeof openForm>['user'], plate = 'gr 1234 20') {
  await screen.findByRole('form', { name: 'Add a Vehicle' });
  await user.selectOptions(field('Make'), 'Toyota');
  await user.type(field('Model'), 'Corolla');
  await user.selectOptions(field('Colour'), 'Silver');
  await user.type(field('Licence Plate'), plate);
}

// Forms filled key by key through lazily loaded screens: seconds on a busy 2-core machine.
describe('/add-vehicle', () => {
  it('sends a signed-out visitor to /login', async () => {
    mockApi({ 'GET /api/auth/user': { status: 401, body: { message: 'Not signed in' } } });
    const { router } = renderRoutes([...elsewhere, ...routes], '/add-vehicle');
    expect(await screen.findByRole('heading', { name: 'Screen /login' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/login');
  });

  it("offers the spec's lists and starts at this year and 4 seats", async () => {
    openForm();
    await screen.findByRole('form', { name: 'Add a Vehicle' });
    const options = (label: string) => within(field(label)).getAllByRole('option').map((option) => option.getAttribute('value'));
    expect(options('Make')).toEqual(['', ...vehicleMakes]);
    expect(options('Colour')).toEqual(['', ...vehicleColors]);
    expect(options('Seats')).toEqual(['2', '3', '4', '5', '6', '7', '8']);
    expect(field('Seats').value).toBe('4');
    expect(field('Year').value).toBe(String(thisYear));
    expect(field('Year').min).toBe('1990');
    expect(field('Year').max).toBe(String(thisYear + 1));
    expect(field('Licence Plate').placeholder).toBe('GR-1234-20');
  });

  it('shows each rule under its field and sends nothing while one is broken', async () => {
    const { api, user } = openForm();
    await screen.findByRole('form', { name: 'Add a Vehicle' });
    await user.clear(field('Year'));
    await user.type(field('Year'), '1985');
    await user.type(field('Model'), 'C');
    await user.type(field('Licence Plate'), '12');
    await user.click(screen.getByRole('button', { name: 'Add Vehicle' }));
    expect(await screen.findByText(vehicleMessages.make)).toBeTruthy();
    expect(screen.getByText(vehicleMessages.model)).toBeTruthy();
    expect(screen.getByText(vehicleMessages.year(maxVehicleYear()))).toBeTruthy();
    expect(screen.getByText(vehicleMessages.color)).toBeTruthy();
    expect(screen.getByText(vehicleMessages.licensePlate)).toBeTruthy();
    expect(field('Make').getAttribute('aria-invalid')).toBe('true');
    expect(api.callsTo('POST', '/api/vehicles')).toHaveLength(0);

    // Fixing a field clears its message as it is typed.
    await user.selectOptions(field('Make'), 'Kia');
    expect(screen.queryByText(vehicleMessages.make)).toBeNull();
  });

  it('adds the vehicle, says so and goes to the dashboard', async () => {
    const { api, user, router } = openForm();
    await fillValidForm(user);
    await user.selectOptions(field('Seats'), '7');
    await user.click(screen.getByRole('button', { name: 'Add Vehicle' }));
    expect(await findToast()).toEqual({
      text: 'Vehicle Added SuccessfullyYour vehicle has been added to your account. You can now create rides!',
      destructive: false,
    });
    expect(await screen.findByRole('heading', { name: 'Screen /dashboard' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/dashboard');
    expect(api.callsTo('POST', '/api/vehicles')[0]?.body).toEqual({
      make: 'Toyota',
      model: 'Corolla',
      year: thisYear,
      color: 'Silver',
      licensePlate: 'GR-1234-20',
      seats: 7,
    });
  });

  it('refreshes the vehicle list it came from', async () => {
    const { api, user, router } = openForm('/manage-vehicles', []);
    expect(await screen.findByText('No vehicles registered')).toBeTruthy();
    await user.click(screen.getByRole('link', { name: 'Add Vehicle' }));
    await fillValidForm(user);
    await user.click(screen.getByRole('button', { name: 'Add Vehicle' }));
    await screen.findByRole('heading', { name: 'Screen /dashboard' });
    await router.navigate('/manage-vehicles');
    expect(await screen.findByRole('article', { name: `${thisYear} Toyota Corolla` })).toBeTruthy();
    expect(api.callsTo('GET', '/api/vehicles')).toHaveLength(2);
  });

  it('goes back into the ride wizard when the wizard sent the user here', async () => {
    const { user, router } = openForm('/add-vehicle?next=/create-ride');
    await fillValidForm(user);
    await user.click(screen.getByRole('button', { name: 'Add Vehicle' }));
    expect(await screen.findByRole('heading', { name: 'Screen /create-ride' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/create-ride');
  });

  it('ignores a next address that is not the wizard', async () => {
    const { user, router } = openForm('/add-vehicle?next=//evil.example/phish');
    await fillValidForm(user);
    await user.click(screen.getByRole('button', { name: 'Add Vehicle' }));
    await screen.findByRole('heading', { name: 'Screen /dashboard' });
    expect(router.state.location.pathname).toBe('/dashboard');
  });

  it('shows a plate already registered under the plate, focused, beside the spec toast, with the way to dispute it, and stays', async () => {
    const { api, user, router } = openForm();
    await fillValidForm(user, 'GT-5555-19');
    await user.click(screen.getByRole('button', { name: 'Add Vehicle' }));
    expect(await findToast()).toEqual({ text: `Error Adding Vehicle${vehicleMessages.plateTaken}`, destructive: true });
    // The plate field itself says so (the toast alone covered it on a phone), and has the focus.
    const plate = field('Licence Plate');
    await waitFor(() => expect(plate.getAttribute('aria-invalid')).toBe('true'));
    expect(document.getElementById(plate.getAttribute('aria-describedby')?.split(' ')[0] ?? '')?.textContent).toBe(vehicleMessages.plateTaken);
    expect(document.activeElement).toBe(plate);
    expect(router.state.location.pathname).toBe('/add-vehicle');
    expect(field('Model').value).toBe('Corolla');

    await user.click(screen.getByRole('button', { name: 'Dispute this plate' }));
    expect((await screen.findByRole('status')).textContent).toBe('Dispute sent. Our team will look into it and contact you.');
    expect(api.callsTo('POST', '/api/vehicles/plate-disputes').map((call) => call.body)).toEqual([{ licensePlate: 'GT-5555-19' }]);
  });

  it('offers the dispute only while the refused plate is in the field', async () => {
    const { api, user } = openForm();
    await fillValidForm(user, 'GT-5555-19');
    await user.click(screen.getByRole('button', { name: 'Add Vehicle' }));
    await screen.findByRole('button', { name: 'Dispute this plate' });
    const plate = field('Licence Plate');
    await user.clear(plate);
    await user.type(plate, 'GT-5556-19');
    expect(screen.queryByRole('button', { name: 'Dispute this plate' })).toBeNull();
    await user.clear(plate);
    await user.type(plate, 'gt-5555-19');
    await user.click(screen.getByRole('button', { name: 'Dispute this plate' }));
    await screen.findByRole('status');
    expect(api.callsTo('POST', '/api/vehicles/plate-disputes').map((call) => call.body)).toEqual([{ licensePlate: 'GT-5555-19' }]);
  });

  it('toasts a refusal that names no field: an identity not yet verified', async () => {
    const { user } = openForm('/add-vehicle', [], { 'POST /api/vehicles': { status: 403, body: { message: vehicleMessages.needsIdentity } } });
    await fillValidForm(user);
    await user.click(screen.getByRole('button', { name: 'Add Vehicle' }));
    expect(await findToast()).toEqual({ text: `Error Adding Vehicle${vehicleMessages.needsIdentity}`, destructive: true });
    expect(screen.queryByRole('button', { name: 'Dispute this plate' })).toBeNull();
  });

  it('falls back to its own words when the failure has no message', async () => {
    const { user } = openForm('/add-vehicle', [], { 'POST /api/vehicles': { status: 500, body: 'Internal Server Error' } });
    await fillValidForm(user);
    await user.click(screen.getByRole('button', { name: 'Add Vehicle' }));
    expect(await findToast()).toEqual({ text: 'Error Adding VehicleFailed to add vehicle. Please try again.', destructive: true });
  });

  it('Cancel returns to the dashboard without sending anything', async () => {
    const { api, user, router } = openForm();
    await fillValidForm(user);
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await screen.findByRole('heading', { name: 'Screen /dashboard' });
    expect(router.state.location.pathname).toBe('/dashboard');
    expect(api.callsTo('POST', '/api/vehicles')).toHaveLength(0);
  });
});
