import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { pactFile, pactRequestFilter, verifierTimeoutMs } from '@krom/server-kit/pact';
import { dropDatabaseWhenIdle } from '@krom/server-kit/testing';
import { Verifier } from '@pact-foundation/pact';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { payments } from '../src/db/schema.ts';
import { openPaymentsService } from '../src/open-payments.ts';
import { aPayment, paidOut } from '../test/payment-seeds.ts';
import { paymentsTestConfig } from '../test/payments-test-env.ts';

/** The real payments service verifies what the BFF's pact expects of it. */
const { config } = paymentsTestConfig({ SWEEP_INTERVAL_SECONDS: '0' });
let service: Awaited<ReturnType<typeof openPaymentsService>>;
let baseUrl: string;

beforeAll(async () => {
  service = await openPaymentsService(config);
  baseUrl = await service.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await service.bus.jsm.streams.delete(service.bus.streamName);
  await service.app.close();
  await dropDatabaseWhenIdle(config.DATABASE_URL);
});

const query = (text: string, values: unknown[]) => service.db.$client.query(text, values);

/** The payment with this id, made anew for `passengerId` (a state set up again finds the one it made). */
async function paymentOf(passengerId: string, paymentId: string) {
  const [existing] = await service.db.select().from(payments).where(eq(payments.id, paymentId));
  return existing ?? aPayment(service.db, { id: paymentId, passengerId });
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
    requestFilter: pactRequestFilter({ resign: { secret: config.INTERNAL_AUTH_SECRET, audience: 'payments' } }),
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
      'a driver has been paid out': async (params: unknown) => {
        const { userId } = params as { userId: string };
        await paidOut(service.db, await aPayment(service.db, { passengerId: randomUUID(), driverId: userId }));
        return undefined;
      },
    },
  }).verifyProvider();
});
