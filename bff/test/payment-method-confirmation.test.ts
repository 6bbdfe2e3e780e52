import { randomInt, randomUUID } from 'node:crypto';
import { paymentMethodErrors } from '@krom/contracts/http/payments';
import { phoneCodeErrors } from '@krom/contracts/http/phone-codes';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readLocalOutbox } from '../../services/notifications/src/providers/sms/local.ts';
import { paymentMethods } from '../../services/payments/src/db/schema.ts';
import { type BffSystem, codeSentTo, messagesSentTo, ORIGIN, startBff } from './bff-test-env.ts';

/**
 * Confirming a saved mobile money number through the real BFF, payments (the number, verified_at)
 * and notifications (the code, texted to its local outbox) services, each on its own database.
 */
let system: BffSystem;
beforeAll(async () => {
  system = await startBff({ services: ['payments', 'notifications'], notificationsEnv: { PHONE_CODE_HOURLY_CAP_PER_CLIENT: '100' } });
});
afterAll(() => system?.close());

async function signedIn(bff: FastifyInstance) {
  const sid = await bff.sessions.create('user', randomUUID());
  return { cookies: { krom_session: bff.encodeSecureSession(bff.createSecureSession({ user: sid })) } };
}
type Session = Awaited<ReturnType<typeof signedIn>>;

const post = (session: Session, url: string, payload?: object) =>
  system.bff.inject({ method: 'POST', url, headers: { origin: ORIGIN }, cookies: session.cookies, ...(payload ? { payload } : {}) });

const newNumber = () => `024${randomInt(0, 10_000_000).toString().padStart(7, '0')}`;

async function savedNumber(session: Session, number = newNumber()) {
  const response = await post(session, '/api/payment-methods', { provider: 'mtn', number });
  expect(response.statusCode).toBe(201);
  return { id: response.json().id as string, number };
}

const verifiedAt = async (id: string) => {
  const [row] = await system.payments!.db.select().from(paymentMethods).where(eq(paymentMethods.id, id));
  return row?.verifiedAt ?? null;
};

describe('confirming a mobile money number with a texted code', () => {
  it('texts a code to the number, refuses a wrong one, and confirms it with the right one', async () => {
    const ama = await signedIn(system.bff);
    const method = await savedNumber(ama);

    const sent = await post(ama, `/api/payment-methods/${method.id}/confirmation`);
    expect(sent.statusCode).toBe(201);
    expect(sent.json().resendAfterSeconds).toBeGreaterThan(0);
    const code = await codeSentTo(system.outboxDir, method.number);
    const [sms] = (await readLocalOutbox(system.outboxDir)).filter((m) => m.to === `+233${method.number.slice(1)}`);
    expect(sms?.body).toBe(`Krom: ${code} is your code to confirm this number for Krom payouts. It expires in 10 minutes.`);

    const wrong = code === '0000' ? '1111' : '0000';
    const refused = await post(ama, `/api/payment-methods/${method.id}/confirm`, { code: wrong });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(phoneCodeErrors.invalidCode);
    expect(await verifiedAt(method.id)).toBeNull();

    const confirmed = await post(ama, `/api/payment-methods/${method.id}/confirm`, { code });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toMatchObject({ id: method.id, verified: true, number: `024 *** ${method.number.slice(-4)}` });
    expect(await verifiedAt(method.id)).not.toBeNull();

    const again = await post(ama, `/api/payment-methods/${method.id}/confirmation`);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(paymentMethodErrors.alreadyConfirmed);
  });

  it("answers 404 for another member's number and texts nothing to it", async () => {
    const ama = await signedIn(system.bff);
    const kofi = await signedIn(system.bff);
    const method = await savedNumber(ama);

    const send = await post(kofi, `/api/payment-methods/${method.id}/confirmation`);
    expect(send.statusCode).toBe(404);
    expect(send.json().message).toBe(paymentMethodErrors.notFound);
    const confirm = await post(kofi, `/api/payment-methods/${method.id}/confirm`, { code: '1234' });
    expect(confirm.statusCode).toBe(404);
    expect(await messagesSentTo(system.outboxDir, method.number)).toBe(0);
    expect(await verifiedAt(method.id)).toBeNull();
  });

  it('does not confirm a number changed after its code was texted', async () => {
    const ama = await signedIn(system.bff);
    const method = await savedNumber(ama);
    expect((await post(ama, `/api/payment-methods/${method.id}/confirmation`)).statusCode).toBe(201);
    const code = await codeSentTo(system.outboxDir, method.number);

    const changed = await system.bff.inject({
      method: 'PUT',
      url: `/api/payment-methods/${method.id}`,
      headers: { origin: ORIGIN },
      cookies: ama.cookies,
      payload: { number: newNumber() },
    });
    expect(changed.statusCode).toBe(200);

    const confirm = await post(ama, `/api/payment-methods/${method.id}/confirm`, { code });
    expect(confirm.statusCode).toBe(400);
    expect(confirm.json().message).toBe(phoneCodeErrors.invalidCode);
    expect(await verifiedAt(method.id)).toBeNull();
  });

  it('refuses a sign-in-less call', async () => {
    const response = await system.bff.inject({ method: 'POST', url: `/api/payment-methods/${randomUUID()}/confirmation`, headers: { origin: ORIGIN } });
    expect(response.statusCode).toBe(401);
  });
});
