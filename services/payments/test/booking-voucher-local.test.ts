import type { AddressInfo } from 'node:net';
import { bookingPaymentMessages } from '@krom/contracts/http/booking-payments';
import { fillPath } from '@krom/contracts/endpoint-call';
import { bookingPaymentRoute, submitVoucherCodeRoute } from '@krom/contracts/services/payments/booking-payments';
import { dropDatabaseWhenIdle, isolatedTestEnv } from '@krom/server-kit/testing';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPaymentsService } from '../src/open-payments.ts';
import { openLocalGateway } from '../src/providers/mobile-money/local-gateway/open-local-gateway.ts';
import { voucherCodeFor } from '../src/providers/mobile-money/local-gateway/signature.ts';
import { expectBooksBalance } from './expect-books-balance.ts';
import { deliverPaymentRequested, paymentRequested } from './payment-requested-fact.ts';
import { paymentsTestConfig } from './payments-test-env.ts';
import { CallbackInbox } from './providers/callback-inbox.ts';

/*
 * Telecel's voucher step against the local mobile money gateway (a real one, its own database):
 * the code the gateway "texted" typed on the booking screen moves the payment to the PIN prompt,
 * which then waits on the phone page; a wrong code is refused in words.
 */

const callbacks = new CallbackInbox();
const gatewayEnv = isolatedTestEnv('local_momo');
const secret = `local-momo-test-secret-${gatewayEnv.tag}-0123456789`;
let gateway: FastifyInstance;
let service: Awaited<ReturnType<typeof openPaymentsService>>;
let setup: ReturnType<typeof paymentsTestConfig>;

beforeAll(async () => {
  await callbacks.start();
  gateway = await openLocalGateway({ databaseUrl: gatewayEnv.databaseUrl, secret, callbackUrl: callbacks.url, logLevel: 'silent' });
  await gateway.listen({ port: 0, host: '127.0.0.1' });
  const origin = `http://127.0.0.1:${(gateway.server.address() as AddressInfo).port}`;
  setup = paymentsTestConfig({ LOCAL_MOMO_URL: origin, LOCAL_MOMO_SECRET: secret, SWEEP_INTERVAL_SECONDS: '0' });
  service = await openPaymentsService(setup.config);
});
afterAll(async () => {
  await expectBooksBalance(service.db);
  await service.bus.jsm.streams.delete(service.bus.streamName);
  await service.app.close();
  await gateway.close();
  await Promise.all([dropDatabaseWhenIdle(setup.config.DATABASE_URL), dropDatabaseWhenIdle(gatewayEnv.databaseUrl)]);
  await callbacks.stop();
});

describe("Telecel's voucher step at the local gateway", () => {
  it('refuses a wrong code, takes the right one, and the payment then waits on the PIN prompt', async () => {
    const envelope = paymentRequested({ wallet: { phone: '0501234567', network: 'vodafone' } });
    await deliverPaymentRequested(service.bus, envelope);
    const { bookingId, passengerId } = envelope.data;
    const as = await setup.as({ kind: 'user', userId: passengerId });
    const read = async () => (await service.app.inject({ method: 'GET', url: fillPath(bookingPaymentRoute.path, { id: bookingId }), headers: as })).json();
    const send = (otp: string) => service.app.inject({ method: 'POST', url: fillPath(submitVoucherCodeRoute.path, { id: bookingId }), headers: as, payload: { otp } });

    const waiting = await read();
    expect(waiting).toMatchObject({ status: 'needs_otp', network: 'vodafone', displayText: 'Telecel texted the customer a voucher code: type it to continue' });
    const right = voucherCodeFor(secret, waiting.id);

    const wrong = await send(right === '000000' ? '111111' : '000000');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ message: bookingPaymentMessages.wrongVoucher });
    expect(await read()).toMatchObject({ status: 'needs_otp' });

    const taken = await send(right);
    expect(taken.statusCode).toBe(200);
    expect(taken.json()).toMatchObject({ status: 'pending', total: '126.00' });
    expect(await read()).toMatchObject({ status: 'pending' });
  });
});
