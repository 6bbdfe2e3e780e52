import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { useRidesService } from './rides-test-env.ts';

const handle = useRidesService();

/*
 * The payments history moved to the payments service (issue 22); rides keeps its old `payments`
 * table (nothing fills it) until a later clean-up drops it with the user-deletion code that reads it.
 */
describe('the payments table', () => {
  it('defaults to pending in GHS, and refuses an unknown status, a repeated transaction id and a negative amount', async () => {
    const client = handle.service.db.$client;
    const payer = randomUUID();
    const recipient = randomUUID();
    const { rows } = await client.query(
      "INSERT INTO payments (payer_id, recipient_id, amount, payment_method) VALUES ($1, $2, 10, 'mobile_money') RETURNING status, currency, amount, booking_id",
      [payer, recipient],
    );
    expect(rows[0]).toEqual({ status: 'pending', currency: 'GHS', amount: '10.00', booking_id: null });

    await expect(
      client.query("INSERT INTO payments (payer_id, recipient_id, amount, payment_method, status) VALUES ($1, $2, 10, 'mobile_money', 'paid')", [payer, recipient]),
    ).rejects.toMatchObject({ code: '23514', constraint: 'payments_status_check' });
    await expect(
      client.query("INSERT INTO payments (payer_id, recipient_id, amount, payment_method) VALUES ($1, $2, -1, 'mobile_money')", [payer, recipient]),
    ).rejects.toMatchObject({ code: '23514', constraint: 'payments_amount_check' });
    await client.query("INSERT INTO payments (payer_id, recipient_id, amount, payment_method, transaction_id) VALUES ($1, $2, 10, 'mobile_money', 'TX-1')", [payer, recipient]);
    await expect(
      client.query("INSERT INTO payments (payer_id, recipient_id, amount, payment_method, transaction_id) VALUES ($1, $2, 10, 'mobile_money', 'TX-1')", [payer, recipient]),
    ).rejects.toMatchObject({ code: '23505', constraint: 'payments_transaction_id_key' });
  });
});
