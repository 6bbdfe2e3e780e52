import type { StaffBookingLedger } from '@krom/contracts/http/staff-payments';
import { asc, eq } from 'drizzle-orm';
import type { PaymentsDb } from '../db/payments-db.ts';
import { payments, payouts, refunds } from '../db/schema.ts';
import { bookingLedger } from '../ledger/booking-ledger.ts';
import { staffPayoutView, staffRefundView } from './refund-and-payout-views.ts';
import { staffPaymentView } from './staff-payment-view.ts';

/** A booking's ledger for staff: its entries and lines, the net per account, its payments, refunds and payout (empty lists for a booking payments never saw). */
export async function staffBookingLedger(db: PaymentsDb, bookingId: string): Promise<StaffBookingLedger> {
  const [ledger, rows, refundRows, payoutRows] = await Promise.all([
    bookingLedger(db, bookingId),
    db.select().from(payments).where(eq(payments.bookingId, bookingId)).orderBy(asc(payments.createdAt)),
    db.select().from(refunds).where(eq(refunds.bookingId, bookingId)).orderBy(asc(refunds.createdAt)),
    db.select().from(payouts).where(eq(payouts.bookingId, bookingId)),
  ]);
  return {
    bookingId,
    entries: ledger.entries.map((entry) => ({
      id: entry.id,
      reference: entry.reference,
      kind: entry.kind,
      memo: entry.memo,
      postedAt: entry.postedAt.toISOString(),
      lines: entry.lines.map((line) => ({ account: line.account, type: line.type, debitPesewas: Number(line.debit), creditPesewas: Number(line.credit) })),
    })),
    balances: Object.entries(ledger.balances).map(([account, net]) => ({ account, netPesewas: Number(net) })),
    payments: rows.map(staffPaymentView),
    refunds: refundRows.map(staffRefundView),
    payouts: payoutRows.map(staffPayoutView),
  };
}
