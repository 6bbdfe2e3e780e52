import type { CallbackOutcome } from '@krom/contracts/http/provider-callbacks';
import type { Logger } from '@krom/server-kit/logger';
import { ProviderError } from '@krom/server-kit/providers';
import { eq } from 'drizzle-orm';
import type { PaymentsDb } from '../db/payments-db.ts';
import { type PayoutRow, payouts } from '../db/schema.ts';
import { userNameOf } from '../events/user-names.ts';
import { defaultPayoutWallet, localNumber } from '../payment-methods/payout-wallet.ts';
import type { MobileMoneyNetwork, MobileMoneyProvider, Movement } from '../providers/mobile-money/port.ts';
import { awaitPayoutNumber, startPayoutAttempt } from './move-payout.ts';
import { settlePayout } from './settle-payout.ts';

/** How often a payout waiting on the driver's number looks for one again. */
export const numberRecheckMinutes = 10;

type PayoutLogger = Pick<Logger, 'info' | 'warn' | 'error'>;

/**
 * A payout due (scheduled, its next attempt due, or waiting on a number): to the driver's
 * confirmed default number, if they have one, as its next attempt (committed with its entry and
 * fact, then asked of the gateway); otherwise it waits on a number (`needs_attention`, once) and
 * is looked at again in `numberRecheckMinutes`.
 */
export async function sendPayout(db: PaymentsDb, provider: MobileMoneyProvider, payout: PayoutRow, now: Date, logger: PayoutLogger): Promise<CallbackOutcome> {
  const wallet = await defaultPayoutWallet(db, payout.driverId);
  if (!wallet) {
    const recheckAt = new Date(now.getTime() + numberRecheckMinutes * 60_000);
    if (payout.status === 'needs_attention') {
      await db.update(payouts).set({ nextAttemptAt: recheckAt }).where(eq(payouts.id, payout.id));
      return 'ignored';
    }
    const waiting = await db.transaction((tx) => awaitPayoutNumber(tx, payout, recheckAt, now));
    if (waiting) logger.warn({ payoutId: payout.id, driverId: payout.driverId }, 'payout due but the driver has no confirmed number: needs attention');
    return waiting ? 'applied' : 'replayed';
  }
  const started = await db.transaction((tx) => startPayoutAttempt(tx, payout, wallet, provider.name, now));
  if (!started) return 'replayed';
  await askGateway(db, provider, started, now, logger);
  return 'applied';
}

/**
 * The name the gateway's transfer recipient is made with: the driver's, as identity's snapshots
 * told it. Not known yet (no snapshot has arrived): the wallet's number in its local form, as
 * Hubtel takes for a name, rather than holding the driver's money back (logged).
 */
async function recipientNameOf(db: PaymentsDb, payout: PayoutRow, walletPhone: string, logger: PayoutLogger): Promise<string> {
  const name = await userNameOf(db, payout.driverId);
  if (name) return name;
  logger.warn({ payoutId: payout.id, driverId: payout.driverId }, "the driver's name is not known yet: the payout is sent to their number as its name");
  return localNumber(walletPhone);
}

/**
 * Asks the gateway for the payout's present attempt (idempotent by its reference: asked again,
 * it answers the movement it already has) and settles its answer. A call refused before anything
 * was handed over, for good, fails the attempt; any other failure leaves it sent, for the sweep
 * to ask again after `payoutCallbackWaitSeconds`.
 */
export async function askGateway(db: PaymentsDb, provider: MobileMoneyProvider, payout: PayoutRow, now: Date, logger: PayoutLogger): Promise<CallbackOutcome> {
  if (!payout.walletPhone || !payout.walletNetwork) throw new Error(`payout ${payout.id} was sent without a wallet`);
  const recipientName = await recipientNameOf(db, payout, payout.walletPhone, logger);
  let movement: Movement;
  try {
    movement = await provider.payout({
      reference: payout.gatewayReference,
      wallet: { phone: payout.walletPhone, network: payout.walletNetwork as MobileMoneyNetwork },
      amount: payout.amountPesewas,
      recipientName,
      reason: `Krom fare, booking ${payout.bookingId.slice(0, 8)}`,
    });
  } catch (error) {
    if (error instanceof ProviderError && error.outcome === 'not-sent' && !error.retryable) {
      logger.warn({ err: error, payoutId: payout.id }, 'the gateway refused the payout');
      const refused = { reference: payout.gatewayReference, status: 'failed' as const, amount: 0, providerReference: null, gatewayFee: 0, displayText: error.message };
      return settlePayout(db, payout, refused, now, logger);
    }
    logger.warn({ err: error, payoutId: payout.id }, 'the payout may or may not have reached the gateway; the sweep asks again');
    return 'ignored';
  }
  return settlePayout(db, payout, movement, now, logger);
}
