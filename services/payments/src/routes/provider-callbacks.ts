import { mobileMoneyCallbackRoute } from '@krom/contracts/services/payments/provider-callbacks';
import { routeEndpoint } from '@krom/server-kit/endpoint-route';
import { receivedCallback } from '@krom/server-kit/providers';
import type { FastifyInstance } from 'fastify';
import type { PaymentsDb } from '../db/payments-db.ts';
import { paymentByReference, settleCollection } from '../payments/settle-collection.ts';
import type { MobileMoneyProvider } from '../providers/mobile-money/port.ts';

export type ProviderCallbackDeps = { db: PaymentsDb; provider: MobileMoneyProvider; clock: () => Date };

/**
 * The gateway's callbacks the BFF passes on as they came (its assertion says who forwarded them;
 * the gateway's adapter, checking here, says who sent them). A callback only says which payment
 * to look at: what settles it is the gateway's own record, read again.
 */
export async function providerCallbackRoutes(app: FastifyInstance, { db, provider, clock }: ProviderCallbackDeps) {
  routeEndpoint(app, mobileMoneyCallbackRoute, {
    handler: async (request) => {
      const notice = provider.verifyWebhook(receivedCallback(request.body));
      // Payouts and refunds are later slices; a collection we do not know is nobody's payment here.
      const payment = notice?.kind === 'collection' ? await paymentByReference(db, notice.reference) : undefined;
      if (!payment) {
        request.log.info({ notice }, 'mobile money callback about nothing this service settles');
        return { outcome: 'ignored' as const };
      }
      if (payment.status === 'succeeded' || payment.status === 'failed' || payment.heldAt !== null) return { outcome: 'replayed' as const };
      const movement = await provider.verifyCollection(payment.id);
      const outcome = await settleCollection(db, payment, movement, clock(), request.log);
      request.log.info({ paymentId: payment.id, outcome }, 'mobile money callback');
      return { outcome };
    },
  });
}
