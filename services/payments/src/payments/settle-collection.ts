import type { CallbackOutcome } from '@krom/contracts/http/provider-callbacks';
import type { Logger } from '@krom/server-kit/logger';
import { and, eq, isNull } from 'drizzle-orm';
import type { PaymentsDb } from '../db/payments-db.ts';
import { payments } from '../db/schema.ts';
import { ledgerAccounts } from '../ledger/accounts.ts';
import { postEntry } from '../ledger/post-entry.ts';
import type { Movement } from '../providers/mobile-money/port.ts';
import { movePayment } from './move-payment.ts';
import type { PaymentRow } from './payment-facts.ts';

/** Why a collection failed, as the passenger reads it (the gateway's own words are for staff: they are logged). */
export const declinedReason = 'The mobile money payment was declined or could not be completed';

const isOpen = (row: PaymentRow) => (row.status === 'pending' || row.status === 'needs_otp') && row.heldAt === null;

/**
 * Applies what the gateway's own record says of a collection (`verifyCollection`, never a
 * callback alone). Succeeded, for exactly the amount asked: in one transaction the payment moves
 * to `succeeded`, the `collection` entry is posted (and the gateway's fee, when it reports one)
 * and `payment.succeeded` is written. Failed: `payment.failed` with a reason for the passenger.
 * Another amount than asked is never succeeded: the payment is held for staff, and logged.
 * A payment settled already changes nothing (`replayed`); a collection still waiting only
 * records the voucher step when it appears or goes (`applied`), or nothing (`ignored`).
 */
export async function settleCollection(db: PaymentsDb, payment: PaymentRow, movement: Movement, now: Date, logger: Pick<Logger, 'info' | 'error'>): Promise<CallbackOutcome> {
  if (!isOpen(payment)) return 'replayed';
  const context = { paymentId: payment.id, bookingId: payment.bookingId, provider: payment.provider };

  if (movement.status === 'succeeded' && movement.amount !== payment.amountPesewas) {
    const [held] = await db
      .update(payments)
      .set({ heldAt: now, updatedAt: now })
      .where(and(eq(payments.id, payment.id), isNull(payments.heldAt)))
      .returning({ id: payments.id });
    logger.error({ ...context, expected: payment.amountPesewas, reported: movement.amount }, 'the gateway collected another amount than asked: payment held for staff, not succeeded');
    return held ? 'held' : 'replayed';
  }

  return db.transaction(async (tx) => {
    if (movement.status === 'succeeded') {
      const moved = await movePayment(tx, payment.id, { to: 'succeeded', providerReference: movement.providerReference }, now);
      if (!moved) return 'replayed';
      await postEntry(tx, {
        kind: 'collection',
        bookingId: payment.bookingId,
        reference: `collection:${payment.id}`,
        lines: [
          { account: ledgerAccounts.gatewayClearing(), debit: payment.amountPesewas },
          { account: ledgerAccounts.passengerFundsHeld(payment.bookingId), credit: payment.amountPesewas },
        ],
        memo: `Mobile money collection of booking ${payment.bookingId} through ${payment.provider}`,
      });
      if (movement.gatewayFee > 0) {
        await postEntry(tx, {
          kind: 'gateway_fee',
          bookingId: payment.bookingId,
          reference: `gateway_fee:${payment.id}`,
          lines: [
            { account: ledgerAccounts.gatewayFees(), debit: movement.gatewayFee },
            { account: ledgerAccounts.gatewayClearing(), credit: movement.gatewayFee },
          ],
          memo: `${payment.provider}'s fee on the collection of booking ${payment.bookingId}`,
        });
      }
      logger.info({ ...context, amount: payment.amountPesewas, gatewayFee: movement.gatewayFee }, 'payment succeeded');
      return 'applied';
    }
    if (movement.status === 'failed') {
      const moved = await movePayment(tx, payment.id, { to: 'failed', providerReference: movement.providerReference, reason: declinedReason }, now);
      if (moved) logger.info({ ...context, gatewaySays: movement.displayText }, 'payment failed');
      return moved ? 'applied' : 'replayed';
    }
    if (movement.status === payment.status) return 'ignored';
    const moved = await movePayment(tx, payment.id, { to: movement.status, providerReference: movement.providerReference }, now);
    return moved ? 'applied' : 'ignored';
  });
}

/** The payment a gateway's reference names (the payment's id), if it is one of ours. */
export async function paymentByReference(db: PaymentsDb, reference: string): Promise<PaymentRow | undefined> {
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/.test(reference)) return undefined;
  const [row] = await db.select().from(payments).where(eq(payments.id, reference));
  return row;
}
