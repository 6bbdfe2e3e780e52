import { staffMemberActivityRoute } from '@krom/contracts/services/rides/staff-members';
import { routeEndpoint } from '@krom/server-kit/endpoint-route';
import type { FastifyInstance } from 'fastify';
import type { RidesDb } from '../db/rides-db.ts';
import { memberActivity } from '../staff/member-activity.ts';

/** The rides part of the admin area's member page: a member's rides as driver, bookings as passenger and vehicles. */
export async function staffMemberRoutes(app: FastifyInstance, { db }: { db: RidesDb }) {
  routeEndpoint(app, staffMemberActivityRoute, { handler: async (request) => memberActivity(db, request.params.id) });
}
