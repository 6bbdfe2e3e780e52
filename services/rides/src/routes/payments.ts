import { listPaymentsRoute } from '@krom/contracts/services/rides/payments';
import { routeEndpoint } from '@krom/server-kit/endpoint-route';
import { requireUser } from '@krom/server-kit/internal-auth';
import type { FastifyInstance } from 'fastify';
import type { RidesDb } from '../db/rides-db.ts';
import { paymentHistory } from '../payments/payment-history.ts';

export async function paymentRoutes(app: FastifyInstance, { db }: { db: RidesDb }) {
  routeEndpoint(app, listPaymentsRoute, { handler: async (request) => paymentHistory(db, requireUser(request)) });
}
