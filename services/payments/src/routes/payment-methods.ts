import { paymentMethodErrors } from '@krom/contracts/http/payments';
import { uuid } from '@krom/contracts/http/fields';
import {
  createPaymentMethodRoute,
  deletePaymentMethodRoute,
  listPaymentMethodsRoute,
  markPaymentMethodVerifiedRoute,
  paymentMethodNumberRoute,
  paymentMethodWalletRoute,
  setDefaultPaymentMethodRoute,
  updatePaymentMethodRoute,
} from '@krom/contracts/services/payments/payment-methods';
import { HttpError } from '@krom/server-kit/errors';
import { routeEndpoint } from '@krom/server-kit/endpoint-route';
import { requireUser } from '@krom/server-kit/internal-auth';
import type { FastifyInstance } from 'fastify';
import type { PaymentsDb } from '../db/payments-db.ts';
import {
  addPaymentMethod,
  listPaymentMethods,
  makeDefaultPaymentMethod,
  markPaymentMethodVerified,
  numberToConfirm,
  removePaymentMethod,
  updatePaymentMethod,
  walletToPayFrom,
} from '../payment-methods/user-payment-methods.ts';

/** An id that cannot exist is as unknown as one that does not. */
function methodId(id: string): string {
  if (!uuid.safeParse(id).success) throw new HttpError(404, paymentMethodErrors.notFound);
  return id;
}

export async function paymentMethodRoutes(app: FastifyInstance, { db }: { db: PaymentsDb }) {
  routeEndpoint(app, listPaymentMethodsRoute, { handler: async (request) => listPaymentMethods(db, requireUser(request)) });

  routeEndpoint(app, createPaymentMethodRoute, {
    handler: async (request, reply) => reply.status(201).send(await addPaymentMethod(db, requireUser(request), request.body)),
  });

  routeEndpoint(app, updatePaymentMethodRoute, {
    handler: async (request) => updatePaymentMethod(db, requireUser(request), methodId(request.params.id), request.body),
  });

  routeEndpoint(app, setDefaultPaymentMethodRoute, {
    handler: async (request) => makeDefaultPaymentMethod(db, requireUser(request), methodId(request.params.id)),
  });

  routeEndpoint(app, paymentMethodNumberRoute, {
    handler: async (request) => numberToConfirm(db, requireUser(request), methodId(request.params.id)),
  });

  routeEndpoint(app, paymentMethodWalletRoute, {
    handler: async (request) => walletToPayFrom(db, requireUser(request), methodId(request.params.id)),
  });

  routeEndpoint(app, markPaymentMethodVerifiedRoute, {
    handler: async (request) => markPaymentMethodVerified(db, requireUser(request), methodId(request.params.id), request.body.number),
  });

  routeEndpoint(app, deletePaymentMethodRoute, {
    handler: async (request) => {
      await removePaymentMethod(db, requireUser(request), methodId(request.params.id));
      return { ok: true as const };
    },
  });
}
