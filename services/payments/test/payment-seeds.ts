import { randomUUID } from 'node:crypto';
import type { PaymentsDb } from '../src/db/payments-db.ts';
import { payments, payouts, refunds } from '../src/db/schema.ts';
import { ledgerAccounts } from '../src/ledger/accounts.ts';
import { postEntry } from '../src/ledger/post-entry.ts';

/*
 * A member's money as the history reads it, written as the slices that move it write it: a
 * payment row as the payment_requested consumer makes it (Accra to Kumasi, a Telecel wallet), its
 * collection posted when succeeded, a refund's and a payout's row with their entries.
 */

export type Seed = { id?: string; bookingId?: string; passengerId: string; driverId?: string; status?: 'pending' | 'needs_otp' | 'succeeded' | 'failed'; fare?: number; fee?: number; createdAt?: string };

/** A payment row as the payment_requested consumer writes it; a succeeded one with its collection posted, as settling posts it. */
export async function aPayment(db: PaymentsDb, seed: Seed, now = new Date()) {
  const fare = seed.fare ?? 12_000;
  const fee = seed.fee ?? 600;
  const [row] = await db
    .insert(payments)
    .values({
      ...(seed.id ? { id: seed.id } : {}),
      bookingId: seed.bookingId ?? randomUUID(),
      bookingVersion: 2,
      rideId: randomUUID(),
      passengerId: seed.passengerId,
      driverId: seed.driverId ?? randomUUID(),
      status: seed.status ?? 'succeeded',
      amountPesewas: fare + fee,
      farePesewas: fare,
      feePesewas: fee,
      currency: 'GHS',
      provider: 'local',
      walletPhone: '0501234567',
      walletNetwork: 'telecel',
      walletMasked: '050 *** **67',
      providerReference: seed.status === 'succeeded' || seed.status === undefined ? `T${randomUUID().slice(0, 8)}` : null,
      routeFrom: 'Accra',
      routeTo: 'Kumasi',
      holdExpiresAt: new Date(now.getTime() + 15 * 60_000),
      createdAt: new Date(seed.createdAt ?? now),
    })
    .returning();
  if (!row) throw new Error('no payment');
  if (row.status === 'succeeded') {
    await db.transaction((tx) =>
      postEntry(tx, {
        kind: 'collection',
        bookingId: row.bookingId,
        reference: `collection:${row.id}`,
        lines: [
          { account: ledgerAccounts.gatewayClearing(), debit: row.amountPesewas },
          { account: ledgerAccounts.passengerFundsHeld(row.bookingId), credit: row.amountPesewas },
        ],
        memo: 'test collection',
      }),
    );
  }
  return row;
}

type Paid = { id: string; bookingId: string; rideId: string; passengerId: string; driverId: string; amountPesewas: number; feePesewas: number; walletMasked: string };

/**
 * A refund of `amount` on the payment, as the refunds slice records it: its row, and its entries
 * (sent from the booking's held money; then paid back, or posted back the way it came when it failed).
 */
export async function refunded(db: PaymentsDb, payment: Paid, amount: number, status: 'pending' | 'succeeded' | 'failed' = 'succeeded') {
  const id = randomUUID();
  const fee = Math.min(amount, payment.feePesewas);
  await db.transaction(async (tx) => {
    await tx.insert(refunds).values({
      id,
      paymentId: payment.id,
      bookingId: payment.bookingId,
      rideId: payment.rideId,
      passengerId: payment.passengerId,
      driverId: payment.driverId,
      cause: 'staff',
      status,
      amountPesewas: amount,
      fareRefundPesewas: amount - fee,
      feeRefundPesewas: fee,
      driverSharePesewas: 0,
      walletMasked: payment.walletMasked,
      gatewayReference: id,
      providerReference: status === 'succeeded' ? `R${id.slice(0, 8)}` : null,
      staffId: randomUUID(),
      staffReason: 'test refund',
    });
    await postEntry(tx, {
      kind: 'refund_sent',
      bookingId: payment.bookingId,
      reference: `refund_sent:${id}`,
      lines: [
        { account: ledgerAccounts.passengerFundsHeld(payment.bookingId), debit: amount },
        { account: ledgerAccounts.refundsInTransit(payment.bookingId), credit: amount },
      ],
      memo: 'test refund sent',
    });
    if (status === 'pending') return;
    const back = status === 'succeeded' ? ledgerAccounts.gatewayClearing() : ledgerAccounts.passengerFundsHeld(payment.bookingId);
    await postEntry(tx, {
      kind: status === 'succeeded' ? 'refund_paid' : 'refund_failed',
      bookingId: payment.bookingId,
      reference: `refund_${status}:${id}`,
      lines: [
        { account: ledgerAccounts.refundsInTransit(payment.bookingId), debit: amount },
        { account: back, credit: amount },
      ],
      memo: `test refund ${status}`,
    });
  });
  return id;
}

/**
 * The booking's money released after the trip and its fare paid out to the driver, as the payouts
 * slice records it: the payout's row (`succeeded`, paid `paidAt`; or still `scheduled`, or left
 * to staff as `needs_attention`) and its entries (released; then sent and paid for a succeeded one).
 */
export async function paidOut(
  db: PaymentsDb,
  payment: { id: string; bookingId: string; rideId: string; driverId: string; amountPesewas: number; farePesewas: number; feePesewas: number },
  { status = 'succeeded', paidAt = new Date(), id = randomUUID() }: { status?: 'succeeded' | 'scheduled' | 'needs_attention'; paidAt?: Date; id?: string } = {},
) {
  const driver = payment.driverId;
  await db.transaction(async (tx) => {
    await postEntry(tx, {
      kind: 'release',
      bookingId: payment.bookingId,
      reference: `release:${payment.id}`,
      lines: [
        { account: ledgerAccounts.passengerFundsHeld(payment.bookingId), debit: payment.amountPesewas },
        { account: ledgerAccounts.driverPayable(driver), credit: payment.farePesewas },
        { account: ledgerAccounts.serviceFeeRevenue(), credit: payment.feePesewas },
      ],
      memo: 'test release',
    });
    await tx.insert(payouts).values({
      id,
      bookingId: payment.bookingId,
      rideId: payment.rideId,
      driverId: driver,
      status,
      amountPesewas: payment.farePesewas,
      gatewayReference: id,
      providerReference: status === 'succeeded' ? `P${id.slice(0, 8)}` : null,
      walletMasked: status === 'needs_attention' ? null : '024 *** **67',
      dueAt: paidAt,
      paidAt: status === 'succeeded' ? paidAt : null,
      reason: status === 'needs_attention' ? 'test: no confirmed number' : null,
    });
    if (status !== 'succeeded') return;
    await postEntry(tx, {
      kind: 'payout_sent',
      bookingId: payment.bookingId,
      reference: `payout_sent:${id}`,
      lines: [
        { account: ledgerAccounts.driverPayable(driver), debit: payment.farePesewas },
        { account: ledgerAccounts.payoutsInTransit(driver), credit: payment.farePesewas },
      ],
      memo: 'test payout sent',
    });
    await postEntry(tx, {
      kind: 'payout_paid',
      bookingId: payment.bookingId,
      reference: `payout_paid:${id}`,
      lines: [
        { account: ledgerAccounts.payoutsInTransit(driver), debit: payment.farePesewas },
        { account: ledgerAccounts.gatewayClearing(), credit: payment.farePesewas },
      ],
      memo: 'test payout paid',
    });
  });
  return id;
}
