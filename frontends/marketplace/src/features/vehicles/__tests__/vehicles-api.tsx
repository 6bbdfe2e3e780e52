import type { Vehicle, VehicleInput } from '@krom/contracts/http/vehicles';
import { vehicleMessages } from '@krom/contracts/http/vehicles';
import { mockApi } from '@krom/ui-kit/testing/mock-api.ts';
import { aUser, frameAnswers } from '@krom/ui-kit/testing/signed-in-api.ts';
import { useLocation } from 'react-router-dom';
import { aVehicle } from '../../../components/__tests__/ride-fixtures.ts';

type Reply = { status: number; body?: unknown };

/**
 * A rides service that keeps the user's vehicles as the real one does: a plate already on Krom
 * is refused with 409 on the plate field (and may be disputed), a vehicle with upcoming rides cannot be deleted, unknown ids are 404.
 * `overrides` answer a route differently (a failure).
 */
export function vehiclesApi(initial: Vehicle[] = [], overrides: Record<string, Reply> = {}) {
  let stored = [...initial];
  const takenPlates = new Set(['GT-5555-19']);
  const routes: Parameters<typeof mockApi>[0] = {
    ...frameAnswers(aUser()),
    'GET /api/vehicles': () => ({ status: 200, body: stored }),
    'POST /api/vehicles': ({ body }) => {
      const input = body as VehicleInput;
      if (takenPlates.has(String(input.licensePlate)) || stored.some((vehicle) => vehicle.licensePlate === input.licensePlate)) {
        // As the rides service answers it (through the BFF): the message and the field it is about.
        return { status: 409, body: { message: vehicleMessages.plateTaken, errors: [{ field: 'licensePlate', message: vehicleMessages.plateTaken }] } };
      }
      const vehicle = aVehicle({ ...(input as Omit<Vehicle, 'id'>), year: Number(input.year), seats: Number(input.seats) });
      stored = [vehicle, ...stored];
      addRoutesFor(vehicle);
      return { status: 201, body: vehicle };
    },
    'POST /api/vehicles/plate-disputes': ({ body }) => ({
      status: 201,
      body: { id: '00000000-0000-4000-8000-00000000d15e', licensePlate: (body as { licensePlate: string }).licensePlate, status: 'open', createdAt: new Date().toISOString() },
    }),
    'GET /api/vehicles/00000000-0000-4000-8000-000000000404': { status: 404, body: { message: vehicleMessages.notFound } },
  };
  const addRoutesFor = (vehicle: Vehicle) => {
    routes[`GET /api/vehicles/${vehicle.id}`] = () => ({ status: 200, body: stored.find((candidate) => candidate.id === vehicle.id) });
    routes[`PUT /api/vehicles/${vehicle.id}`] = ({ body }) => {
      const input = body as VehicleInput;
      stored = stored.map((candidate) =>
        candidate.id === vehicle.id ? { ...candidate, ...(input as object), year: Number(input.year), seats: Number(input.seats) } : candidate,
      );
      return { status: 200, body: stored.find((candidate) => candidate.id === vehicle.id) };
    };
    routes[`DELETE /api/vehicles/${vehicle.id}`] = () => {
      const current = stored.find((candidate) => candidate.id === vehicle.id);
      if (!current) return { status: 404, body: { message: vehicleMessages.notFound } };
      if (current.upcomingRides > 0) return { status: 409, body: { message: vehicleMessages.hasUpcomingRides } };
      stored = stored.filter((candidate) => candidate.id !== vehicle.id);
      return { status: 200, body: { ok: true } };
    };
  };
  for (const vehicle of initial) addRoutesFor(vehicle);
  Object.assign(routes, overrides);
  return mockApi(routes);
}

/** Screens of other remotes a vehicle screen leads to, so a test can see it arrive there. */
export const elsewhere = ['/login', '/dashboard', '/create-ride'].map((path) => ({ path, Component: OtherScreen }));

function OtherScreen() {
  return <h1>{`Screen ${useLocation().pathname}`}</h1>;
}
