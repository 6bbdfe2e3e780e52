import { bookingReference, type PaymentReceipt } from '@krom/contracts/http/payment-receipts';
import { uuid } from '@krom/contracts/http/fields';
import type { MobileMoneyProvider } from '@krom/contracts/http/payments';
import { toDecimalCedis } from '@krom/contracts/money';
import type { AnyDb } from '@krom/server-kit/outbox';
import { and, eq, sql } from 'drizzle-orm';
import { payments } from '../db/schema.ts';
import { portNetworks } from '../payment-methods/payout-wallet.ts';
import { refundsPaidBack } from './ledger-movements.ts';

/** The port's network names (telecel) as the contract names them (vodafone): payout-wallet.ts's map read backwards. */
const contractNetworks = Object.fromEntries(Object.entries(portNetworks).map(([contract, port]) => [port, contract])) as Record<string, MobileMoneyProvider>;

/**
 * A payment's receipt, read only for the passenger who made it: undefined for anyone else's, as
 * for an id that names no payment, so a stranger learns nothing of it. Its refunds are those paid
 * back on the booking (ledger-movements.ts), and it reads refunded once they cover the total.
 */
export async function paymentReceipt(db: AnyDb, passengerId: string, paymentId: string): Promise<PaymentReceipt | undefined> {
  if (!uuid.safeParse(paymentId).success) return undefined;
  const [payment] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.id, paymentId), eq(payments.passengerId, passengerId)));
  if (!payment) return undefined;
  const { rows: refunds } =
    payment.status === 'succeeded'
      ? await db.execute<{ id: string; pesewas: string; at: Date | string }>(sql`
          SELECT r.id, r.pesewas, r.at FROM (${refundsPaidBack(sql`${payment.bookingId}::uuid`)}) r ORDER BY r.at, r.id`)
      : { rows: [] };
  const refunded = refunds.reduce((sum, refund) => sum + Number(refund.pesewas), 0);
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
    refunds: refunds.map((refund) => ({
      id: refund.id,
      amount: toDecimalCedis(Number(refund.pesewas)),
      status: 'completed' as const,
      createdAt: new Date(refund.at).toISOString(),
    })),
    refundedTotal: toDecimalCedis(refunded),
  };
}
