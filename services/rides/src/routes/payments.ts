import { paymentServiceRoutes } from '@krom/contracts/http/payments';
import { requireUser } from '@krom/server-kit/internal-auth';
import type { FastifyInstance } from 'fastify';
import type { RidesDb } from '../db/rides-db.ts';
import { paymentHistory } from '../payments/payment-history.ts';

export async function paymentRoutes(app: FastifyInstance, { db }: { db: RidesDb }) {
  app.get(paymentServiceRoutes.payments, async (request) => paymentHistory(db, requireUser(request)));
}
