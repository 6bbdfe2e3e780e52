import { staffListRidesRoute } from '@krom/contracts/services/rides/staff-rides';
import { routeEndpoint } from '@krom/server-kit/endpoint-route';
import type { FastifyInstance } from 'fastify';
import type { RidesDb } from '../db/rides-db.ts';
import { listStaffRides } from '../rides/staff-rides.ts';

/** Staff list every ride (the admin area's Rides tab), filtered and a page at a time. */
export async function staffRideRoutes(app: FastifyInstance, { db }: { db: RidesDb }) {
  routeEndpoint(app, staffListRidesRoute, { handler: async (request) => listStaffRides(db, request.query) });
}
