import { getPlateDisputes } from '@krom/contracts/api/staff';
import { createPlateDispute, createVehicle, deleteVehicle, getVehicle, getVehicles, updateVehicle } from '@krom/contracts/api/vehicles';
import {
  createPlateDisputeRoute,
  createVehicleRoute,
  deleteVehicleRoute,
  getVehicleRoute,
  listPlateDisputesRoute,
  listVehiclesRoute,
  updateVehicleRoute,
} from '@krom/contracts/services/rides/vehicles';
import type { FastifyInstance } from 'fastify';
import { forward } from '../plugins/service-calls.ts';
import { requireAdminCaller, requireUserCaller } from '../plugins/sessions.ts';
import type { RouteOptions } from './route-options.ts';

/**
 * The signed-in user's vehicles, forwarded to the rides service as that user (it answers with
 * their own vehicles only), and the plates they dispute; staff list the disputes in the admin area.
 */
export async function vehicleRoutes(app: FastifyInstance, { directory, memberLimits }: RouteOptions) {
  const asUser = { service: 'rides' as const, caller: requireUserCaller };
  await forward(app, directory, { ...asUser, endpoint: getVehicles, to: listVehiclesRoute });
  await forward(app, directory, { ...asUser, endpoint: getVehicle, to: getVehicleRoute });
  await forward(app, directory, { ...asUser, endpoint: createVehicle, to: createVehicleRoute, rateLimit: memberLimits.vehicles });
  await forward(app, directory, { ...asUser, endpoint: updateVehicle, to: updateVehicleRoute, rateLimit: memberLimits.writes });
  await forward(app, directory, { ...asUser, endpoint: deleteVehicle, to: deleteVehicleRoute, rateLimit: memberLimits.writes });
  await forward(app, directory, { ...asUser, endpoint: createPlateDispute, to: createPlateDisputeRoute, rateLimit: memberLimits.writes });
  await forward(app, directory, { service: 'rides', caller: requireAdminCaller, endpoint: getPlateDisputes, to: listPlateDisputesRoute });
}
