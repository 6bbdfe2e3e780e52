import { exportMemberRidesDataRoute } from '@krom/contracts/services/rides/data-export';
import { routeEndpoint } from '@krom/server-kit/endpoint-route';
import { requireUser } from '@krom/server-kit/internal-auth';
import type { FastifyInstance } from 'fastify';
import { memberRidesExport } from '../data-export/member-rides-export.ts';
import type { RidesDb } from '../db/rides-db.ts';

/** Rides' part of the asserted member's data download. */
export async function dataExportRoutes(app: FastifyInstance, { db }: { db: RidesDb }) {
  routeEndpoint(app, exportMemberRidesDataRoute, { handler: async (request) => memberRidesExport(db, requireUser(request)) });
}
