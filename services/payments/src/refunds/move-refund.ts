import { toDecimalCedis } from '@krom/contracts/money';
import type { Transaction } from '@krom/server-kit/outbox';
import { and, eq, isNull, lte, sql } from 'drizzle-orm';
import { type RefundRow, refunds } from '../db/schema.ts';
import { ledgerAccounts } from '../ledger/accounts.ts';
import { postEntry } from '../ledger/post-entry.ts';
import { announceRefund } from './refund-facts.ts';
import { nextRefundAttemptAt } from './refund-transitions.ts';

/** Why a refund failed, as the passenger reads it (the gateway's own words are for staff: they are logged). */
export const refundFailedReason = 'The refund could not be paid into your mobile money wallet. We will try again.';
/** Why a refund that kept failing stopped being tried: staff take it from there. */
export const refundNeedsStaffReason = 'The refund could not be paid into your mobile money wallet. Our staff will contact you.';

/** `toStaff`: the refund cannot be asked again on its own (its wallet number was erased), so it is left to staff at once. */
export type RefundChange = { to: 'sent' | 'succeeded'; providerReference?: string | null } | { to: 'failed'; providerReference?: string | null; toStaff?: boolean };

const cedis = (pesewas: number) => `GH₵${toDecimalCedis(pesewas)}`;

/**
 * Moves the refund's present attempt by one conditional update (`pending` only, under the
 * attempt's reference, version +1) and, in the same transaction, posts its entry and writes its
 * fact: `sent` records the gateway's answer once per attempt; `succeeded` posts `refund_paid`
 * (the money left the gateway's balance); `failed` posts `refund_failed` (the refund back into
 * the booking's held funds, the way it came) and sets when it is asked again, or, after the last
 * attempt, marks it for staff. Undefined when the attempt was not where the move starts from
 * (moved already by a callback, the sweep or a redelivery): nothing is written.
 */
export async function moveRefund(tx: Transaction, refund: RefundRow, change: RefundChange, now: Date): Promise<RefundRow | undefined> {
  const providerReference = change.providerReference ? { providerReference: change.providerReference } : {};
  const attempt = and(eq(refunds.id, refund.id), eq(refunds.gatewayReference, refund.gatewayReference), eq(refunds.status, 'pending'), isNull(refunds.needsAttentionAt));
  const bumped = { version: sql`${refunds.version} + 1`, updatedAt: now, ...providerReference };
  const answered = sql`coalesce(${refunds.sentAt}, ${now.toISOString()}::timestamptz)`;
  if (change.to === 'sent') {
    const [moved] = await tx.update(refunds).set({ ...bumped, sentAt: now }).where(and(attempt, isNull(refunds.sentAt))).returning();
    if (moved) await announceRefund(tx, moved, now);
    return moved;
  }
  if (change.to === 'succeeded') {
    const [moved] = await tx.update(refunds).set({ ...bumped, status: 'succeeded', sentAt: answered, reason: null }).where(attempt).returning();
    if (!moved) return undefined;
    await postEntry(tx, {
      kind: 'refund_paid',
      bookingId: moved.bookingId,
      reference: `refund_paid:${moved.gatewayReference}`,
      lines: [
        { account: ledgerAccounts.refundsInTransit(moved.bookingId), debit: moved.amountPesewas },
        { account: ledgerAccounts.gatewayClearing(), credit: moved.amountPesewas },
      ],
      memo: `Refund ${moved.id} of booking ${moved.bookingId} paid back: ${cedis(moved.amountPesewas)}`,
    });
    await announceRefund(tx, moved, now);
    return moved;
  }
  const next = 'toStaff' in change && change.toStaff ? null : nextRefundAttemptAt(refund.attempts, now);
  const [moved] = await tx
    .update(refunds)
    .set({ ...bumped, status: 'failed', sentAt: answered, nextAttemptAt: next, needsAttentionAt: next ? null : now, reason: next ? refundFailedReason : refundNeedsStaffReason })
    .where(attempt)
    .returning();
  if (!moved) return undefined;
  await postEntry(tx, {
    kind: 'refund_failed',
    bookingId: moved.bookingId,
    reference: `refund_failed:${moved.gatewayReference}`,
    lines: [
      { account: ledgerAccounts.refundsInTransit(moved.bookingId), debit: moved.amountPesewas },
      { account: ledgerAccounts.passengerFundsHeld(moved.bookingId), credit: moved.amountPesewas },
    ],
    memo: `Refund ${moved.id} of booking ${moved.bookingId}, attempt ${moved.attempts}, failed: ${cedis(moved.amountPesewas)} held again`,
  });
  await announceRefund(tx, moved, now);
  return moved;
}

/**
 * A failed refund due again (`nextAttemptAt` past, not left to staff) becomes the next attempt:
 * pending under the reference `<id>-<attempt>`, its `refund_sent` entry taking the refund out of
 * the held funds again. Its `sent` fact follows the gateway's answer. Undefined when another run
 * took it first.
 */
export async function retryRefund(tx: Transaction, refund: RefundRow, now: Date): Promise<RefundRow | undefined> {
  const attempts = refund.attempts + 1;
  const [moved] = await tx
    .update(refunds)
    .set({ status: 'pending', attempts, gatewayReference: `${refund.id}-${attempts}`, sentAt: null, nextAttemptAt: null, reason: null, providerReference: null, updatedAt: now })
    .where(
      and(
        eq(refunds.id, refund.id),
        eq(refunds.status, 'failed'),
        eq(refunds.attempts, refund.attempts),
        isNull(refunds.needsAttentionAt),
        lte(refunds.nextAttemptAt, now),
      ),
    )
    .returning();
  if (!moved) return undefined;
  await postEntry(tx, {
    kind: 'refund_sent',
    bookingId: moved.bookingId,
    reference: `refund_sent:${moved.gatewayReference}`,
    lines: [
      { account: ledgerAccounts.passengerFundsHeld(moved.bookingId), debit: moved.amountPesewas },
      { account: ledgerAccounts.refundsInTransit(moved.bookingId), credit: moved.amountPesewas },
    ],
    memo: `Refund ${moved.id} of booking ${moved.bookingId}, attempt ${attempts}: ${cedis(moved.amountPesewas)} back to the passenger`,
  });
  return moved;
}
