import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { pactFile, pactRequestFilter, verifierTimeoutMs } from '@krom/server-kit/pact';
import { Verifier } from '@pact-foundation/pact';
import { and, eq } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { payments, payouts } from '../src/db/schema.ts';
import { LOCAL_MOMO_SIGNATURE_HEADER, voucherCodeFor } from '../src/providers/mobile-money/local-gateway/signature.ts';
import { runReconciliation } from '../src/staff/reconcile.ts';
import { localGatewayHarness } from '../test/local-gateway-harness.ts';
import { aPayment, paidOut, refunded } from '../test/payment-seeds.ts';
import { deliverPaymentRequested, paymentRequested } from '../test/payment-requested-fact.ts';

/**
 * The real payments service verifies what the BFF's pact expects of it, its money moved through
 * the local mobile money gateway (what `npm start` runs): a payment staff see is prompted by
 * rides' fact on the bus, approved on the gateway's phone page and settled by its callback.
 */
const h = localGatewayHarness('bffpact');
let baseUrl: string;
beforeAll(async () => {
  baseUrl = await h.service.app.listen({ port: 0, host: '127.0.0.1' });
});

const query = (text: string, values: unknown[]) => h.service.db.$client.query(text, values);

/** The payment with this id, made anew for `passengerId` (a state set up again finds the one it made). */
async function paymentOf(passengerId: string, paymentId: string) {
  const [existing] = await h.service.db.select().from(payments).where(eq(payments.id, paymentId));
  return existing ?? aPayment(h.service.db, { id: paymentId, passengerId });
}

/** The booking's payment collected from the passenger's MTN wallet (0241234567) at the gateway (a state set up again finds it). */
async function collectedFor(bookingId: string) {
  const [existing] = await h.service.db.select().from(payments).where(eq(payments.bookingId, bookingId));
  if (!existing) await h.paidBooking({ bookingId });
}

/** The payment rides' payment_requested fact asks for, prompted at the gateway by the service's own consumer. */
async function prompted(envelope: ReturnType<typeof paymentRequested>) {
  await deliverPaymentRequested(h.service.bus, envelope);
  const [payment] = await h.service.db
    .select()
    .from(payments)
    .where(and(eq(payments.bookingId, envelope.data.bookingId), eq(payments.bookingVersion, envelope.data.version)));
  if (!payment) throw new Error(`no payment for booking ${envelope.data.bookingId}`);
  return payment;
}
let voucherAsks = 2;

/** `passengerId`'s booking with a prompt waiting on their MTN wallet (a state set up again finds it). */
async function promptedFor(passengerId: string, bookingId: string) {
  const [existing] = await h.service.db.select().from(payments).where(eq(payments.bookingId, bookingId));
  if (!existing) await prompted(paymentRequested({ bookingId, passengerId }));
}

/**
 * The payout with this id needing attention (its driver has no confirmed number): made anew with
 * its booking's payment collected and released, or, set up again after a retry, back to needing attention.
 */
async function payoutNeedingAttention(payoutId: string) {
  const [existing] = await h.service.db.select().from(payouts).where(eq(payouts.id, payoutId));
  if (!existing) {
    await paidOut(h.service.db, await aPayment(h.service.db, { passengerId: randomUUID() }), { status: 'needs_attention', id: payoutId });
    return;
  }
  await h.service.db.update(payouts).set({ status: 'needs_attention', retriedBy: null, reason: 'test: no confirmed number' }).where(eq(payouts.id, payoutId));
}

/** `memberId`'s payment as passenger with part of it refunded, and a payout to them as driver (a state set up again finds them). */
async function memberWithMoney(memberId: string) {
  const [existing] = await h.service.db.select().from(payments).where(eq(payments.passengerId, memberId));
  if (existing) return;
  await refunded(h.service.db, await aPayment(h.service.db, { passengerId: memberId }), 5_000);
  await paidOut(h.service.db, await aPayment(h.service.db, { passengerId: randomUUID(), driverId: memberId }));
}

it('honours the BFF pact', async () => {
  const file = pactFile('krom-bff', 'krom-payments');
  expect(existsSync(file), `${file} is written by the BFF's consumer test`).toBe(true);
  await new Verifier({
    provider: 'krom-payments',
    providerBaseUrl: baseUrl,
    pactUrls: [file],
    logLevel: 'warn',
    timeout: verifierTimeoutMs,
    requestFilter: pactRequestFilter({ resign: { secret: h.config.INTERNAL_AUTH_SECRET, audience: 'payments' } }),
    stateHandlers: {
      'a member has no payment methods': async (params: unknown) => {
        const { userId } = params as { userId: string };
        await query('DELETE FROM payment_methods WHERE user_id = $1', [userId]);
        return undefined;
      },
      'a member has a payment method': async (params: unknown) => {
        const { userId, id, provider, number } = params as { userId: string; id: string; provider: string; number: string };
        await query('DELETE FROM payment_methods WHERE user_id = $1 OR id = $2', [userId, id]);
        await query('INSERT INTO payment_methods (id, user_id, network, number, is_default) VALUES ($1, $2, $3, $4, true)', [id, userId, provider, number]);
        return undefined;
      },
      'a member has a confirmed payment method': async (params: unknown) => {
        const { userId, id, provider, number } = params as { userId: string; id: string; provider: string; number: string };
        await query('DELETE FROM payment_methods WHERE user_id = $1 OR id = $2', [userId, id]);
        await query('INSERT INTO payment_methods (id, user_id, network, number, is_default, verified_at) VALUES ($1, $2, $3, $4, true, now())', [
          id,
          userId,
          provider,
          number,
        ]);
        return undefined;
      },
      'a member changed their payment method to another number': async (params: unknown) => {
        const { userId, id, provider } = params as { userId: string; id: string; provider: string };
        await query('DELETE FROM payment_methods WHERE user_id = $1 OR id = $2', [userId, id]);
        await query("INSERT INTO payment_methods (id, user_id, network, number, is_default) VALUES ($1, $2, $3, '0249998877', true)", [id, userId, provider]);
        return undefined;
      },
      "another member's payment method": async (params: unknown) => {
        const { id } = params as { id: string };
        await query('DELETE FROM payment_methods WHERE id = $1', [id]);
        await query("INSERT INTO payment_methods (id, user_id, network, number, is_default) VALUES ($1, $2, 'mtn', '0249876543', true)", [id, randomUUID()]);
        return undefined;
      },
      'a member has paid for a ride': async (params: unknown) => {
        const { userId, paymentId } = params as { userId: string; paymentId: string };
        await paymentOf(userId, paymentId);
        return undefined;
      },
      "another member's payment": async (params: unknown) => {
        const { paymentId } = params as { paymentId: string };
        await paymentOf(randomUUID(), paymentId);
        return undefined;
      },
      'a payment was collected from an MTN wallet': async (params: unknown) => {
        await collectedFor((params as { bookingId: string }).bookingId);
        return undefined;
      },
      'a reconciliation was run': async (params: unknown) => {
        await collectedFor((params as { bookingId: string }).bookingId);
        await runReconciliation(h.service.db, h.service.mobileMoney, { staffId: randomUUID(), now: new Date() });
        return undefined;
      },
      'a payout needs attention': async (params: unknown) => {
        await payoutNeedingAttention((params as { payoutId: string }).payoutId);
        return undefined;
      },
      "a passenger's mobile money prompt waits on their MTN wallet": async (params: unknown) => {
        const { userId, bookingId } = params as { userId: string; bookingId: string };
        await promptedFor(userId, bookingId);
        return undefined;
      },
      "another member's mobile money prompt waits on their wallet": async (params: unknown) => {
        await promptedFor(randomUUID(), (params as { bookingId: string }).bookingId);
        return undefined;
      },
      // Asked again each time (a later version of the booking's request), so the code is waited on whichever interaction ran before.
      "a passenger's Telecel payment waits on the voucher code texted to them": async (params: unknown) => {
        const { userId, bookingId } = params as { userId: string; bookingId: string };
        const payment = await prompted(paymentRequested({ bookingId, passengerId: userId, wallet: { phone: '0501234567', network: 'vodafone' }, version: ++voucherAsks }));
        if (payment.status !== 'needs_otp') throw new Error(`the Telecel payment is ${payment.status}, not waiting on its voucher code`);
        return { otp: voucherCodeFor(h.secret, payment.id) };
      },
      // A prompt approved on the gateway's phone page: the callback the gateway signed and sent, handed to the request as it came.
      'the local gateway signed a callback about an approved prompt': async () => {
        const { callback } = await h.approvedPrompt();
        return { rawBody: callback.rawBody.toString('base64'), signature: callback.headers[LOCAL_MOMO_SIGNATURE_HEADER] };
      },
      'a member has paid, been refunded and been paid out': async (params: unknown) => {
        await memberWithMoney((params as { memberId: string }).memberId);
        return undefined;
      },
      'a driver has been paid out': async (params: unknown) => {
        const { userId } = params as { userId: string };
        await paidOut(h.service.db, await aPayment(h.service.db, { passengerId: randomUUID(), driverId: userId }));
        return undefined;
      },
    },
  }).verifyProvider();
});
