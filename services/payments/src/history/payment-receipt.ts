import { bookingReference, type PaymentReceipt } from '@krom/contracts/http/payment-receipts';
import { uuid } from '@krom/contracts/http/fields';
import type { MobileMoneyProvider } from '@krom/contracts/http/payments';
import { toDecimalCedis } from '@krom/contracts/money';
import type { AnyDb } from '@krom/server-kit/outbox';
import { and, asc, eq } from 'drizzle-orm';
import { payments, refunds } from '../db/schema.ts';
import { portNetworks } from '../payment-methods/payout-wallet.ts';

/** The port's network names (telecel) as the contract names them (vodafone): payout-wallet.ts's map read backwards. */
const contractNetworks = Object.fromEntries(Object.entries(portNetworks).map(([contract, port]) => [port, contract])) as Record<string, MobileMoneyProvider>;

/**
 * A payment's receipt, read only for the passenger who made it: undefined for anyone else's, as
 * for an id that names no payment, so a stranger learns nothing of it. It lists its refunds as
 * they stand, and reads refunded once those paid back cover its total.
 */
export async function paymentReceipt(db: AnyDb, passengerId: string, paymentId: string): Promise<PaymentReceipt | undefined> {
  if (!uuid.safeParse(paymentId).success) return undefined;
  const [payment] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.id, paymentId), eq(payments.passengerId, passengerId)));
  if (!payment) return undefined;
  const given = await db
    .select()
    .from(refunds)
    .where(and(eq(refunds.bookingId, payment.bookingId), eq(refunds.paymentId, payment.id)))
    .orderBy(asc(refunds.createdAt), asc(refunds.id));
  const refunded = given.filter((refund) => refund.status === 'succeeded').reduce((sum, refund) => sum + refund.amountPesewas, 0);
  const status =
    payment.status === 'succeeded' ? (refunded >= payment.amountPesewas ? 'refunded' : 'completed') : payment.status === 'failed' ? 'failed' : 'pending';
  return {
    paymentId: payment.id,
    bookingId: payment.bookingId,
    bookingReference: bookingReference(payment.bookingId),
    status,
    route: payment.routeFrom !== null && payment.routeTo !== null ? { from: payment.routeFrom, to: payment.routeTo } : null,
    createdAt: payment.createdAt.toISOString(),
    fare: toDecimalCedis(payment.farePesewas),
    fee: toDecimalCedis(payment.feePesewas),
    total: toDecimalCedis(payment.amountPesewas),
    currency: payment.currency,
    paymentMethod: 'mobile_money',
    wallet: { provider: contractNetworks[payment.walletNetwork] as MobileMoneyProvider, number: payment.walletMasked },
    gatewayReference: payment.providerReference,
    refunds: given.map((refund) => ({
      id: refund.id,
      amount: toDecimalCedis(refund.amountPesewas),
      status: refund.status === 'succeeded' ? ('completed' as const) : refund.status,
      createdAt: refund.createdAt.toISOString(),
    })),
    refundedTotal: toDecimalCedis(refunded),
  };
}
