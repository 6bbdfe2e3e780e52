import { type BookingPayment, bookingPaymentMessages } from '@krom/contracts/http/booking-payments';
import type { MobileMoneyProvider as ContractNetwork } from '@krom/contracts/http/payments';
import { toDecimalCedis } from '@krom/contracts/money';
import { HttpError } from '@krom/server-kit/errors';
import { and, desc, eq } from 'drizzle-orm';
import type { PaymentsDb } from '../db/payments-db.ts';
import { payments } from '../db/schema.ts';
import type { PaymentRow } from '../payments/payment-facts.ts';
import type { MobileMoneyNetwork } from '../providers/mobile-money/port.ts';

const isUuid = (id: string) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id);

/** The port's network names back to the contract's (Telecel is still `vodafone` there). */
const contractNetworks: Record<MobileMoneyNetwork, ContractNetwork> = { mtn: 'mtn', telecel: 'vodafone', airteltigo: 'airteltigo' };

/**
 * The passenger's latest payment of a booking (an approval booking accepted again after a lapse
 * has one per booking version); a 404 for a booking that is not theirs or has no payment yet
 * (rides' fact may not have arrived), so the screen keeps waiting without learning whose it is.
 */
export async function passengerPaymentRow(db: PaymentsDb, passengerId: string, bookingId: string): Promise<PaymentRow> {
  if (!isUuid(bookingId)) throw new HttpError(404, bookingPaymentMessages.notFound);
  const [row] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.bookingId, bookingId), eq(payments.passengerId, passengerId)))
    .orderBy(desc(payments.bookingVersion))
    .limit(1);
  if (!row) throw new HttpError(404, bookingPaymentMessages.notFound);
  return row;
}

/** The payment as the booking screen shows it. */
export function bookingPaymentView(row: PaymentRow): BookingPayment {
  return {
    id: row.id,
    bookingId: row.bookingId,
    status: row.status,
    fare: toDecimalCedis(row.farePesewas),
    serviceFee: toDecimalCedis(row.feePesewas),
    total: toDecimalCedis(row.amountPesewas),
    currency: row.currency,
    network: contractNetworks[row.walletNetwork as MobileMoneyNetwork],
    walletMasked: row.walletMasked,
    displayText: row.status === 'pending' || row.status === 'needs_otp' ? row.displayText : null,
    reason: row.status === 'failed' ? row.reason : null,
    expiresAt: row.holdExpiresAt.toISOString(),
  };
}
