import { createVehicle, deleteVehicle, getVehicle, getVehicles, updateVehicle } from '@krom/contracts/api/vehicles';
import {
  createVehicleRoute,
  deleteVehicleRoute,
  getVehicleRoute,
  listVehiclesRoute,
  updateVehicleRoute,
} from '@krom/contracts/services/rides/vehicles';
import type { FastifyInstance } from 'fastify';
import { forward } from '../plugins/service-calls.ts';
import { requireUserCaller } from '../plugins/sessions.ts';
import type { RouteOptions } from './route-options.ts';

/** The signed-in user's vehicles, forwarded to the rides service as that user (it answers with their own vehicles only). */
export async function vehicleRoutes(app: FastifyInstance, { directory, memberLimits }: RouteOptions) {
  const asUser = { service: 'rides' as const, caller: requireUserCaller };
  await forward(app, directory, { ...asUser, endpoint: getVehicles, to: listVehiclesRoute });
  await forward(app, directory, { ...asUser, endpoint: getVehicle, to: getVehicleRoute });
  await forward(app, directory, { ...asUser, endpoint: createVehicle, to: createVehicleRoute, rateLimit: memberLimits.vehicles });
  await forward(app, directory, { ...asUser, endpoint: updateVehicle, to: updateVehicleRoute, rateLimit: memberLimits.writes });
  await forward(app, directory, { ...asUser, endpoint: deleteVehicle, to: deleteVehicleRoute, rateLimit: memberLimits.writes });
}
