import type { PaymentStatus } from '@krom/contracts/events/payments';
import type { Transaction } from '@krom/server-kit/outbox';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { PaymentsDb } from '../db/payments-db.ts';
import { payments } from '../db/schema.ts';
import { announcePayment, type PaymentRow } from './payment-facts.ts';
import { movableTo } from './payment-transitions.ts';

export type PaymentChange = {
  to: PaymentStatus;
  providerReference?: string | null | undefined;
  reason?: string | null | undefined;
  /** The gateway's words for the passenger with this step (its answer to the prompt or the voucher); kept as they are when undefined. */
  displayText?: string | null | undefined;
  /** Also marks the gateway's answer to the prompt recorded, and only if it was not yet (the consumer's step). */
  prompted?: boolean;
};

/**
 * Moves a payment by one conditional update (from a status the transition table allows, with
 * its version +1) and writes its fact in the same transaction. Undefined when the payment was
 * not where the move starts from: moved already by a callback, the sweep or a redelivery, and
 * then nothing is written.
 */
export async function movePayment(tx: Transaction, paymentId: string, change: PaymentChange, now: Date): Promise<PaymentRow | undefined> {
  const [moved] = await tx
    .update(payments)
    .set({
      status: change.to,
      version: sql`${payments.version} + 1`,
      updatedAt: now,
      ...(change.providerReference ? { providerReference: change.providerReference } : {}),
      ...(change.reason !== undefined ? { reason: change.reason } : {}),
      ...(change.displayText !== undefined ? { displayText: change.displayText } : {}),
      ...(change.prompted ? { promptedAt: now } : {}),
    })
    .where(
      and(
        eq(payments.id, paymentId),
        inArray(payments.status, change.prompted ? ['pending'] : movableTo(change.to)),
        change.prompted ? isNull(payments.promptedAt) : undefined,
        isNull(payments.heldAt),
      ),
    )
    .returning();
  if (moved) await announcePayment(tx, moved, now);
  return moved;
}

/**
 * Marks a payment the gateway reported another amount for than asked: held for staff, never
 * succeeded, no longer swept. True when this call held it (false: held already).
 */
export async function holdPayment(db: PaymentsDb, paymentId: string, now: Date): Promise<boolean> {
  const [held] = await db
    .update(payments)
    .set({ heldAt: now, updatedAt: now })
    .where(and(eq(payments.id, paymentId), isNull(payments.heldAt)))
    .returning({ id: payments.id });
  return held !== undefined;
}
