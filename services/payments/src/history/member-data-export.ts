import type { PaymentsDataExport } from '@krom/contracts/http/data-export';
import { toDecimalCedis } from '@krom/contracts/money';
import { desc, eq } from 'drizzle-orm';
import type { PaymentsDb } from '../db/payments-db.ts';
import { paymentMethods, payments, payouts, refunds } from '../db/schema.ts';
import { maskMobileNumber } from '../payment-methods/mask-mobile-number.ts';

/**
 * Payments' part of a member's data download: the fares they paid, the refunds of them, the
 * payouts made to them as a driver, and their saved numbers. Numbers are masked as every screen
 * masks them; nothing of the other party of a booking is given but its ids.
 */
export async function memberPaymentsExport(db: PaymentsDb, memberId: string): Promise<PaymentsDataExport> {
  const paid = await db.select().from(payments).where(eq(payments.passengerId, memberId)).orderBy(desc(payments.createdAt));
  const refunded = await db.select().from(refunds).where(eq(refunds.passengerId, memberId)).orderBy(desc(refunds.createdAt));
  const paidOut = await db.select().from(payouts).where(eq(payouts.driverId, memberId)).orderBy(desc(payouts.createdAt));
  const saved = await db.select().from(paymentMethods).where(eq(paymentMethods.userId, memberId)).orderBy(desc(paymentMethods.createdAt));
  return {
    payments: paid.map((row) => ({
      id: row.id,
      bookingId: row.bookingId,
      rideId: row.rideId,
      status: row.status,
      amount: toDecimalCedis(row.amountPesewas),
      currency: row.currency,
      fare: toDecimalCedis(row.farePesewas),
      serviceFee: toDecimalCedis(row.feePesewas),
      wallet: row.walletMasked,
      network: row.walletNetwork,
      routeFrom: row.routeFrom,
      routeTo: row.routeTo,
      reason: row.reason,
      createdAt: row.createdAt.toISOString(),
    })),
    refunds: refunded.map((row) => ({
      id: row.id,
      paymentId: row.paymentId,
      bookingId: row.bookingId,
      cause: row.cause,
      status: row.status,
      amount: toDecimalCedis(row.amountPesewas),
      currency: 'GHS',
      wallet: row.walletMasked,
      createdAt: row.createdAt.toISOString(),
    })),
    payouts: paidOut.map((row) => ({
      id: row.id,
      bookingId: row.bookingId,
      rideId: row.rideId,
      status: row.status,
      amount: toDecimalCedis(row.amountPesewas),
      currency: row.currency,
      wallet: row.walletMasked,
      paidAt: row.paidAt?.toISOString() ?? null,
      reason: row.reason,
      createdAt: row.createdAt.toISOString(),
    })),
    paymentMethods: saved.map((row) => ({
      id: row.id,
      network: row.network,
      number: maskMobileNumber(row.number),
      isDefault: row.isDefault,
      verifiedAt: row.verifiedAt?.toISOString() ?? null,
      createdAt: row.createdAt.toISOString(),
    })),
  };
}
