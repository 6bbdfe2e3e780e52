import {
  createPaymentMethodRequestSchema,
  paymentMethodErrors,
  paymentServiceRoutes,
  updatePaymentMethodRequestSchema,
} from '@krom/contracts/http/payments';
import { uuid } from '@krom/contracts/http/fields';
import { HttpError } from '@krom/server-kit/errors';
import { requireUser } from '@krom/server-kit/internal-auth';
import { parseWith } from '@krom/server-kit/validate';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { RidesDb } from '../db/rides-db.ts';
import {
  addPaymentMethod,
  listPaymentMethods,
  makeDefaultPaymentMethod,
  removePaymentMethod,
  updatePaymentMethod,
} from '../payment-methods/user-payment-methods.ts';

/** The method id from the path; an id that cannot exist is as unknown as one that does not. */
function methodId(request: FastifyRequest): string {
  const id = (request.params as { id?: unknown }).id;
  if (!uuid.safeParse(id).success) throw new HttpError(404, paymentMethodErrors.notFound);
  return id as string;
}

export async function paymentMethodRoutes(app: FastifyInstance, { db }: { db: RidesDb }) {
  app.get(paymentServiceRoutes.paymentMethods, async (request) => listPaymentMethods(db, requireUser(request)));

  app.post(paymentServiceRoutes.paymentMethods, async (request, reply) => {
    const userId = requireUser(request);
    const method = await addPaymentMethod(db, userId, parseWith(createPaymentMethodRequestSchema, request.body));
    return reply.status(201).send(method);
  });

  app.put(paymentServiceRoutes.paymentMethod, async (request) => {
    const userId = requireUser(request);
    const id = methodId(request);
    return updatePaymentMethod(db, userId, id, parseWith(updatePaymentMethodRequestSchema, request.body));
  });

  app.post(paymentServiceRoutes.defaultPaymentMethod, async (request) => {
    const userId = requireUser(request);
    return makeDefaultPaymentMethod(db, userId, methodId(request));
  });

  app.delete(paymentServiceRoutes.paymentMethod, async (request) => {
    const userId = requireUser(request);
    await removePaymentMethod(db, userId, methodId(request));
    return { ok: true as const };
  });
}
