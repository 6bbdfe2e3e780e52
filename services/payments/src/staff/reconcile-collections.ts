import type { ReconciliationMismatch } from '@krom/contracts/http/staff-payments';
import { sql } from 'drizzle-orm';
import type { PaymentsDb } from '../db/payments-db.ts';
import type { MobileMoneyProvider } from '../providers/mobile-money/port.ts';
import { cedisText } from './cedis-text.ts';
import { readAtGateway } from './read-at-gateway.ts';

export type CollectionsCheck = {
  mismatches: ReconciliationMismatch[];
  totals: { collections: { books: number; gateway: number }; gatewayFees: { books: number; gateway: number } };
  checked: number;
  truncated: boolean;
};

export type CollectionsBounds = {
  since: Date;
  /** At most this many payments are read again, newest first. */
  limit: number;
  /** Gateway reads at once. */
  concurrency: number;
  /** No new read starts after this (the run answers an HTTP call); the rest count as not read. */
  deadline: number;
};

type Settled = { id: string; booking_id: string; status: string; held: boolean; collected: string; fee: string };

/**
 * Every settled payment of the window (succeeded, failed, or held for staff; open ones are still
 * the sweep's) read again at the gateway with `verifyCollection`, and compared with what the books
 * count for it: the `collection` entry's debit of `gateway_clearing` and the `gateway_fee` entry's
 * debit of `gateway_fees`. The gateway's status decides what it collected: its amount when
 * succeeded, nothing otherwise.
 */
export async function reconcileCollections(db: PaymentsDb, provider: MobileMoneyProvider, bounds: CollectionsBounds): Promise<CollectionsCheck> {
  const { rows } = await db.execute<Settled>(sql`
    SELECT p.id, p.booking_id, p.status, p.held_at IS NOT NULL AS held,
      (SELECT coalesce(sum(l.amount), 0) FROM ledger_entries e JOIN ledger_lines l ON l.entry_id = e.id JOIN ledger_accounts a ON a.id = l.account_id
        WHERE e.reference = 'collection:' || p.id::text AND a.type = 'gateway_clearing')::text AS collected,
      (SELECT coalesce(sum(l.amount), 0) FROM ledger_entries e JOIN ledger_lines l ON l.entry_id = e.id JOIN ledger_accounts a ON a.id = l.account_id
        WHERE e.reference = 'gateway_fee:' || p.id::text AND a.type = 'gateway_fees')::text AS fee
    FROM payments p
    WHERE p.created_at >= ${bounds.since.toISOString()}::timestamptz AND (p.status IN ('succeeded', 'failed') OR p.held_at IS NOT NULL)
    ORDER BY p.created_at DESC, p.id DESC
    LIMIT ${bounds.limit + 1}`);
  const chosen = rows.slice(0, bounds.limit);
  const check: CollectionsCheck = {
    mismatches: [],
    totals: { collections: { books: 0, gateway: 0 }, gatewayFees: { books: 0, gateway: 0 } },
    checked: 0,
    truncated: rows.length > bounds.limit,
  };
  const readings = await readAtGateway(chosen, bounds, (payment) => provider.verifyCollection(payment.id));
  chosen.forEach((payment, index) => {
    const reading = readings[index];
    const mismatch = (kind: ReconciliationMismatch['kind'], text: string) => check.mismatches.push({ kind, reference: payment.id, bookingId: payment.booking_id, text });
    if (!reading || 'skipped' in reading) {
      check.truncated = true;
      return;
    }
    if ('error' in reading) {
      mismatch('collection', `The gateway's record could not be read: ${reading.error.message}`);
      return;
    }
    check.checked += 1;
    const movement = reading.read;
    const collected = Number(payment.collected);
    const fee = Number(payment.fee);
    const gatewayCollected = movement.status === 'succeeded' ? movement.amount : 0;
    const gatewayFee = movement.status === 'succeeded' ? movement.gatewayFee : 0;
    check.totals.collections.books += collected;
    check.totals.collections.gateway += gatewayCollected;
    check.totals.gatewayFees.books += fee;
    check.totals.gatewayFees.gateway += gatewayFee;
    if (collected !== gatewayCollected) {
      if (gatewayCollected === 0) mismatch('collection', `The books count ${cedisText(collected)} collected, but the gateway says the collection is ${movement.status}.`);
      else if (collected === 0)
        mismatch('collection', `The gateway collected ${cedisText(gatewayCollected)}, but the books count nothing collected (payment ${payment.status}${payment.held ? ', held for staff: another amount than asked' : ''}).`);
      else mismatch('collection', `The books count ${cedisText(collected)} collected, but the gateway collected ${cedisText(gatewayCollected)}.`);
    } else if (payment.status === 'succeeded' && collected === 0) {
      mismatch('collection', 'The payment is marked succeeded, but neither the books nor the gateway count it collected.');
    }
    if (collected > 0 && fee !== gatewayFee) mismatch('gateway_fee', `The books count a gateway fee of ${cedisText(fee)}, but the gateway's record says ${cedisText(gatewayFee)}.`);
  });
  return check;
}
