import type { CallbackOutcome } from '@krom/contracts/http/provider-callbacks';
import { mobileMoneyCallbackRoute } from '@krom/contracts/services/payments/provider-callbacks';
import { routeEndpoint } from '@krom/server-kit/endpoint-route';
import { receivedCallback } from '@krom/server-kit/providers';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { PaymentsDb } from '../db/payments-db.ts';
import { paymentByReference, settleCollection } from '../payments/settle-collection.ts';
import { payoutByGatewayReference, settlePayout } from '../payouts/settle-payout.ts';
import type { CallbackNotice, MobileMoneyProvider } from '../providers/mobile-money/port.ts';
import { sendWaitingRefunds } from '../refunds/send-refund.ts';
import { refundsNamedBy, settleRefund } from '../refunds/settle-refund.ts';

export type ProviderCallbackDeps = { db: PaymentsDb; provider: MobileMoneyProvider; clock: () => Date };

/**
 * The gateway's callbacks the BFF passes on as they came (its assertion says who forwarded them;
 * the gateway's adapter, checking here, says who sent them). A callback only says which payment
 * refund or payout to look at: what settles it is the gateway's own record, read again.
 */
export async function providerCallbackRoutes(app: FastifyInstance, deps: ProviderCallbackDeps) {
  routeEndpoint(app, mobileMoneyCallbackRoute, {
    handler: async (request) => {
      const notice = deps.provider.verifyWebhook(receivedCallback(request.body));
      const outcome =
        notice?.kind === 'collection' ? await collectionCallback(deps, notice, request.log) : notice?.kind === 'refund'
            ? await refundCallback(deps, notice, request.log)
            : notice?.kind === 'payout'
              ? await payoutCallback(deps, notice, request.log)
              : 'ignored';
      request.log.info({ notice, outcome }, 'mobile money callback');
      return { outcome };
    },
  });
}

/**
 * A collection's callback. A payment failed here is read again too: the gateway may have
 * collected after all (a late approval), and that money is given back (refunds/late-payment.ts).
 */
async function collectionCallback({ db, provider, clock }: ProviderCallbackDeps, notice: CallbackNotice, log: FastifyBaseLogger): Promise<CallbackOutcome> {
  const payment = await paymentByReference(db, notice.reference);
  if (!payment) return 'ignored';
  if (payment.status === 'succeeded' || payment.heldAt !== null) return 'replayed';
  const outcome = await settleCollection(db, payment, await provider.verifyCollection(payment.id), clock(), log);
  if (outcome === 'applied') await sendWaitingRefunds(db, provider, { paymentId: payment.id }, clock, log);
  return outcome;
}

/**
 * A refund's callback: the refund asked under its reference, or (Paystack, which names only the
 * collection) each refund of that collection still on its way, each read again at the gateway.
 */
async function refundCallback({ db, provider, clock }: ProviderCallbackDeps, notice: CallbackNotice, log: FastifyBaseLogger): Promise<CallbackOutcome> {
  const named = await refundsNamedBy(db, notice);
  if (named.length === 0) return 'ignored';
  const open = named.filter((refund) => refund.status === 'pending' && refund.needsAttentionAt === null);
  const outcomes: CallbackOutcome[] = [];
  for (const refund of open) outcomes.push(await settleRefund(db, refund, await provider.verifyRefund(refund.gatewayReference), clock(), log));
  if (outcomes.includes('applied')) return 'applied';
  if (outcomes.includes('held')) return 'held';
  return outcomes.includes('ignored') ? 'ignored' : 'replayed';
}

/**
 * A payout's callback: the payout whose present attempt it names, if still sent, is settled by
 * the gateway's own record (`verifyPayout`); one settled already, or an attempt given up, is
 * `replayed`, a reference not ours `ignored`.
 */
async function payoutCallback({ db, provider, clock }: ProviderCallbackDeps, notice: CallbackNotice, log: FastifyBaseLogger): Promise<CallbackOutcome> {
  const payout = await payoutByGatewayReference(db, notice.reference);
  if (!payout) return 'ignored';
  if (payout.status !== 'sent') return 'replayed';
  return settlePayout(db, payout, await provider.verifyPayout(payout.gatewayReference), clock(), log);
}
