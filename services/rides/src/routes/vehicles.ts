import { vehicleMessages } from '@krom/contracts/http/vehicles';
import { uuid } from '@krom/contracts/http/fields';
import {
  createPlateDisputeRoute,
  createVehicleRoute,
  deleteVehicleRoute,
  getVehicleRoute,
  listPlateDisputesRoute,
  listVehiclesRoute,
  updateVehicleRoute,
} from '@krom/contracts/services/rides/vehicles';
import { routeEndpoint } from '@krom/server-kit/endpoint-route';
import { HttpError } from '@krom/server-kit/errors';
import { requireUser } from '@krom/server-kit/internal-auth';
import type { FastifyInstance } from 'fastify';
import type { RidesDb } from '../db/rides-db.ts';
import { addVehicle, deleteVehicle, getVehicle, listVehicles, updateVehicle } from '../vehicles/driver-vehicles.ts';
import { filePlateDispute, listPlateDisputes } from '../vehicles/plate-disputes.ts';

/** An id that cannot exist is as unknown as one that does not. */
function vehicleId(id: string): string {
  if (!uuid.safeParse(id).success) throw new HttpError(404, vehicleMessages.notFound);
  return id;
}

export async function vehicleRoutes(app: FastifyInstance, { db }: { db: RidesDb }) {
  routeEndpoint(app, listVehiclesRoute, {
    handler: async (request) => listVehicles(db, requireUser(request)),
  });

  routeEndpoint(app, getVehicleRoute, {
    handler: async (request) => getVehicle(db, requireUser(request), vehicleId(request.params.id)),
  });

  routeEndpoint(app, createVehicleRoute, {
    handler: async (request, reply) => reply.status(201).send(await addVehicle(db, requireUser(request), request.body)),
  });

  routeEndpoint(app, updateVehicleRoute, {
    handler: async (request) => updateVehicle(db, requireUser(request), vehicleId(request.params.id), request.body),
  });

  routeEndpoint(app, deleteVehicleRoute, {
    handler: async (request) => {
      await deleteVehicle(db, requireUser(request), vehicleId(request.params.id));
      return { ok: true as const };
    },
  });

  routeEndpoint(app, createPlateDisputeRoute, {
    handler: async (request, reply) => reply.status(201).send(await filePlateDispute(db, requireUser(request), request.body)),
  });

  // Staff only: the BFF's admin area lists them.
  routeEndpoint(app, listPlateDisputesRoute, { handler: async () => ({ disputes: await listPlateDisputes(db) }) });
}
