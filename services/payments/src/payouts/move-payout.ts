import { toDecimalCedis } from '@krom/contracts/money';
import type { Transaction } from '@krom/server-kit/outbox';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { type PayoutRow, payouts } from '../db/schema.ts';
import { ledgerAccounts } from '../ledger/accounts.ts';
import { postEntry } from '../ledger/post-entry.ts';
import { localNumber } from '../payment-methods/payout-wallet.ts';
import { maskedWallet } from '../payments/payment-facts.ts';
import type { Movement, Wallet } from '../providers/mobile-money/port.ts';
import { announcePayout } from './payout-facts.ts';
import { attemptReference, nextPayoutAttemptAt, payoutCallbackWaitSeconds, payoutReasons, sendableStatuses } from './payout-transitions.ts';

/*
 * Every change of a payout: one conditional update (from where the change starts, version +1)
 * with, in the same transaction, the ledger entry it records and its fact. Each answers the row
 * as moved, or undefined when the payout was no longer where the change starts from (moved
 * already by a callback, the sweep or another replica): then nothing is written.
 */

const cedis = (pesewas: number) => `GH₵${toDecimalCedis(pesewas)}`;

const bumped = (now: Date) => ({ version: sql`${payouts.version} + 1`, updatedAt: now });

/**
 * The next attempt: `sent` under its own gateway reference to the wallet given, the amount moved
 * from `driver_payable` to `payouts_in_transit` (`payout_sent`) and `payout.sent` written. The
 * sweep asks the gateway after the commit, and asks again (same reference) if no answer settles
 * it within `payoutCallbackWaitSeconds`.
 */
export async function startPayoutAttempt(tx: Transaction, payout: PayoutRow, wallet: Wallet & { methodId: string }, provider: string, now: Date): Promise<PayoutRow | undefined> {
  const attempt = payout.attempts + 1;
  const [moved] = await tx
    .update(payouts)
    .set({
      ...bumped(now),
      status: 'sent',
      attempts: attempt,
      gatewayReference: attemptReference(payout.id, attempt),
      provider,
      providerReference: null,
      paymentMethodId: wallet.methodId,
      walletPhone: wallet.phone,
      walletNetwork: wallet.network,
      walletMasked: maskedWallet(localNumber(wallet.phone)),
      sentAt: now,
      nextAttemptAt: new Date(now.getTime() + payoutCallbackWaitSeconds * 1000),
      reason: null,
    })
    .where(and(eq(payouts.id, payout.id), eq(payouts.version, payout.version), inArray(payouts.status, sendableStatuses)))
    .returning();
  if (!moved) return undefined;
  await postEntry(tx, {
    kind: 'payout_sent',
    bookingId: moved.bookingId,
    reference: `payout_sent:${moved.gatewayReference}`,
    lines: [
      { account: ledgerAccounts.driverPayable(moved.driverId), debit: moved.amountPesewas },
      { account: ledgerAccounts.payoutsInTransit(moved.driverId), credit: moved.amountPesewas },
    ],
    memo: `Payout ${moved.id} of booking ${moved.bookingId}, attempt ${attempt}: ${cedis(moved.amountPesewas)} to ${moved.walletMasked}`,
  });
  await announcePayout(tx, moved, now);
  return moved;
}

/**
 * Due with no confirmed number to pay: `needs_attention` with the reason, `payout.needs_attention`
 * written, and re-checked by the sweep at `recheckAt` (paid once the driver confirms one).
 */
export async function awaitPayoutNumber(tx: Transaction, payout: PayoutRow, recheckAt: Date, now: Date): Promise<PayoutRow | undefined> {
  const [moved] = await tx
    .update(payouts)
    .set({ ...bumped(now), status: 'needs_attention', reason: payoutReasons.noNumber, nextAttemptAt: recheckAt })
    .where(and(eq(payouts.id, payout.id), eq(payouts.version, payout.version), inArray(payouts.status, ['scheduled', 'failed'])))
    .returning();
  if (moved) await announcePayout(tx, moved, now);
  return moved;
}

/** The present attempt, while it is still the one sent: the only place an answer about it may land. */
const presentAttempt = (payout: PayoutRow) => and(eq(payouts.id, payout.id), eq(payouts.status, 'sent'), eq(payouts.gatewayReference, payout.gatewayReference));

/**
 * The gateway's record says the driver has it: `succeeded`, `payout_paid` (the money left the
 * gateway's balance) and the gateway's fee when it reports one, `payout.succeeded`.
 */
export async function payoutPaid(tx: Transaction, payout: PayoutRow, movement: Movement, now: Date): Promise<PayoutRow | undefined> {
  const [moved] = await tx
    .update(payouts)
    .set({ ...bumped(now), status: 'succeeded', paidAt: now, providerReference: movement.providerReference ?? payout.providerReference, nextAttemptAt: null, reason: null })
    .where(presentAttempt(payout))
    .returning();
  if (!moved) return undefined;
  await postEntry(tx, {
    kind: 'payout_paid',
    bookingId: moved.bookingId,
    reference: `payout_paid:${moved.gatewayReference}`,
    lines: [
      { account: ledgerAccounts.payoutsInTransit(moved.driverId), debit: moved.amountPesewas },
      { account: ledgerAccounts.gatewayClearing(), credit: moved.amountPesewas },
    ],
    memo: `Payout ${moved.id} of booking ${moved.bookingId} paid to ${moved.walletMasked}: ${cedis(moved.amountPesewas)}`,
  });
  if (movement.gatewayFee > 0) {
    await postEntry(tx, {
      kind: 'gateway_fee',
      bookingId: moved.bookingId,
      reference: `gateway_fee:${moved.gatewayReference}`,
      lines: [
        { account: ledgerAccounts.gatewayFees(), debit: movement.gatewayFee },
        { account: ledgerAccounts.gatewayClearing(), credit: movement.gatewayFee },
      ],
      memo: `${moved.provider}'s fee on payout ${moved.id} of booking ${moved.bookingId}`,
    });
  }
  await announcePayout(tx, moved, now);
  return moved;
}

/**
 * The gateway's record says this attempt failed: the money goes back the way it came
 * (`payout_failed`: `payouts_in_transit` → `driver_payable`), and the payout is `failed` with its
 * next attempt set, or, after `maxPayoutAttempts`, `needs_attention` for staff; its fact is written.
 */
export async function payoutAttemptFailed(tx: Transaction, payout: PayoutRow, movement: Pick<Movement, 'providerReference'>, now: Date): Promise<PayoutRow | undefined> {
  const next = nextPayoutAttemptAt(payout.attempts, now);
  const [moved] = await tx
    .update(payouts)
    .set({
      ...bumped(now),
      status: next ? 'failed' : 'needs_attention',
      nextAttemptAt: next,
      reason: next ? payoutReasons.failed : payoutReasons.keepsFailing,
      providerReference: movement.providerReference ?? payout.providerReference,
    })
    .where(presentAttempt(payout))
    .returning();
  if (!moved) return undefined;
  await postEntry(tx, {
    kind: 'payout_failed',
    bookingId: moved.bookingId,
    reference: `payout_failed:${moved.gatewayReference}`,
    lines: [
      { account: ledgerAccounts.payoutsInTransit(moved.driverId), debit: moved.amountPesewas },
      { account: ledgerAccounts.driverPayable(moved.driverId), credit: moved.amountPesewas },
    ],
    memo: `Payout ${moved.id} of booking ${moved.bookingId}, attempt ${moved.attempts}, failed: ${cedis(moved.amountPesewas)} owed to the driver again`,
  });
  await announcePayout(tx, moved, now);
  return moved;
}

/**
 * The gateway says it paid another amount than asked: nothing is posted as paid (the money stays
 * in transit), the payout waits for staff, who must not simply send it again.
 */
export async function holdPayoutForStaff(tx: Transaction, payout: PayoutRow, now: Date): Promise<PayoutRow | undefined> {
  const [moved] = await tx
    .update(payouts)
    .set({ ...bumped(now), status: 'needs_attention', nextAttemptAt: null, reason: payoutReasons.otherAmount })
    .where(presentAttempt(payout))
    .returning();
  if (moved) await announcePayout(tx, moved, now);
  return moved;
}
