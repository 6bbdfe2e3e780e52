import { existsSync } from 'node:fs';
import type { EventEnvelope } from '@krom/contracts/envelope';
import { paymentEvents, refundEvents } from '@krom/contracts/events/payments';
import { createLogger } from '@krom/server-kit/logger';
import { pactFile } from '@krom/server-kit/pact';
import { MessageProviderPact } from '@pact-foundation/pact';
import { and, eq, sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { outbox } from '../src/db/schema.ts';
import { holdGraceMinutes, sweepPayments } from '../src/jobs/sweep-payments.ts';
import { paymentsHarness } from '../test/payments-harness.ts';

/*
 * The payments service produces the payment and refund facts krom-notifications expects, each
 * made the production way and read back from the outbox row written in the transaction that moved
 * the money: rides' payment_requested fact on the real bus (the prompt at the Paystack stand-in),
 * the payment sweep failing a prompt never approved, a driver's cancellation refunded and the
 * gateway's signed refund callback applied. The books balance after it (the harness checks).
 */
const h = paymentsHarness();
const silent = createLogger('payments', 'silent');

/** The envelope of the one `subject` event in the outbox for `field` = `value`, as the relay publishes it. */
async function outboxEnvelope(subject: string, field: string, value: string): Promise<EventEnvelope> {
  const [row] = await h.service.db
    .select()
    .from(outbox)
    .where(and(eq(outbox.subject, subject), sql`${outbox.envelope}->'data'->>${field} = ${value}`));
  if (!row) throw new Error(`no ${subject} event in the outbox for ${field} ${value}`);
  return row.envelope;
}

it('produces the payment and refund events krom-notifications expects', async () => {
  const file = pactFile('krom-notifications', 'krom-payments');
  expect(existsSync(file), `${file} is written by the notifications service's consumer test`).toBe(true);
  await new MessageProviderPact({
    provider: 'krom-payments',
    pactUrls: [file],
    logLevel: 'warn',
    messageProviders: {
      [`a ${paymentEvents.prompted.subject} event`]: async () => {
        const { payment } = await h.requested();
        return outboxEnvelope(paymentEvents.prompted.subject, 'paymentId', payment.id);
      },
      [`a ${paymentEvents.failed.subject} event`]: async () => {
        const { payment } = await h.requested();
        await sweepPayments(h.service.db, h.service.mobileMoney, new Date(payment.holdExpiresAt.getTime() + holdGraceMinutes * 60_000 + 1_000), silent);
        return outboxEnvelope(paymentEvents.failed.subject, 'paymentId', payment.id);
      },
      [`a ${refundEvents.succeeded.subject} event`]: async () => {
        const { booking, payment } = await h.paidBooking();
        await h.endBooking('cancelled_by_driver', booking);
        expect((await h.forward(await h.refundEvent(payment.id, 'refund.processed'))).json()).toEqual({ outcome: 'applied' });
        return outboxEnvelope(refundEvents.succeeded.subject, 'paymentId', payment.id);
      },
    },
  }).verify();
});
