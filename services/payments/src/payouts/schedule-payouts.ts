import type { AnyDb } from '@krom/server-kit/outbox';
import { sql } from 'drizzle-orm';
import { driverPayable } from '../ledger/accounts.ts';
import { payoutDelayHours } from './payout-transitions.ts';

/** The entries a payout posts itself: what they move on `driver_payable` is the payout's own, not money to pay out. */
const payoutKinds = ['payout_sent', 'payout_paid', 'payout_failed'];

/**
 * Makes the payouts the ledger calls for: one per booking whose entries (other than payouts' own)
 * credited `driver_payable:<driver>` on balance — the booking's `release` when the trip happened
 * or the passenger did not come, the driver's half of a late cancellation in the refunds'
 * `refund_sent`, or any other entry tagged with the booking that makes money the driver's. The
 * amount is that net credit; the payout is due `payoutDelayHours` after the last such entry
 * (the disputes window; to the millisecond, as clocks in JavaScript tell it). The ride comes from the booking's succeeded payment. One per booking
 * (unique): a run twice, or two replicas, make it once. Answers how many it made.
 */
export async function schedulePayouts(db: AnyDb): Promise<number> {
  const { rows } = await db.execute<{ id: string }>(sql`
    WITH credits AS (
      SELECT e.booking_id, a.driver_id, -sum(l.amount) AS amount, max(e.posted_at) AS credited_at
      FROM ledger_entries e
      JOIN ledger_lines l ON l.entry_id = e.id
      JOIN ledger_accounts a ON a.id = l.account_id
      WHERE a.type = ${driverPayable} AND e.booking_id IS NOT NULL
        AND e.kind NOT IN (${sql.join(payoutKinds.map((kind) => sql`${kind}`), sql`, `)})
        AND NOT EXISTS (SELECT 1 FROM payouts p WHERE p.booking_id = e.booking_id)
      GROUP BY e.booking_id, a.driver_id
      HAVING sum(l.amount) < 0
    ), planned AS (
      SELECT gen_random_uuid() AS id, c.booking_id, pay.ride_id, c.driver_id, c.amount,
        date_trunc('milliseconds', c.credited_at + make_interval(hours => ${payoutDelayHours}::int)) AS due_at
      FROM credits c
      JOIN LATERAL (
        SELECT p.ride_id FROM payments p WHERE p.booking_id = c.booking_id AND p.status = 'succeeded' ORDER BY p.created_at LIMIT 1
      ) pay ON true
    )
    INSERT INTO payouts (id, booking_id, ride_id, driver_id, status, amount_pesewas, gateway_reference, due_at, next_attempt_at)
    SELECT id, booking_id, ride_id, driver_id, 'scheduled', amount, id::text, due_at, due_at FROM planned
    ON CONFLICT (booking_id) DO NOTHING
    RETURNING id`);
  return rows.length;
}
