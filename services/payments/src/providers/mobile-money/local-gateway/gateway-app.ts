import { timingSafeEqual } from 'node:crypto';
import { localGhanaPhone } from '@krom/contracts/http/ghana-phone';
import { createHttpApp } from '@krom/server-kit/http-app';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type pg from 'pg';
import { z } from 'zod';
import { callbackSender } from './callback-sender.ts';
import { FAIL_PAYOUTS, FAIL_REFUNDS, GatewayBooks, type GatewayMovement, GatewayRefusal, type MovementKind } from './gateway-books.ts';
import { numberPage, phonePage } from './phone-page.ts';
import { voucherCodeFor } from './signature.ts';

/*
 * The local mobile money gateway: a JSON API for Krom's adapter (Bearer secret) and the phone page
 * for the person trying Krom out (no sign-in: it binds to this machine only). Every movement is
 * kept under Krom's reference, so each call is idempotent by it.
 */

export type LocalGatewaySettings = {
  pool: pg.Pool;
  /** Shared with Krom's adapter: its Bearer token, and the key of the callbacks' signature. */
  secret: string;
  /** Krom's callback URL (the BFF's mobile money callback route); no callbacks are sent without one. */
  callbackUrl: string | undefined;
  logLevel?: string;
};

const reference = z.string().regex(/^[a-z0-9-]{16,50}$/, '16 to 50 of [a-z0-9-]');
const wallet = { phone: z.string().regex(/^\+233\d{9}$/, 'a Ghana number in E.164'), network: z.enum(['mtn', 'telecel', 'airteltigo']) };
const amount = z.number().int().positive();
const collectionBody = z.object({ reference, ...wallet, amount, description: z.string().max(200), customerName: z.string().max(200) });
const payoutBody = z.object({ reference, ...wallet, amount, recipientName: z.string().max(200), reason: z.string().max(200) });
const refundBody = z.object({ reference, collectionReference: reference, ...wallet, amount, reason: z.string().max(200) });
const otpBody = z.object({ otp: z.string().max(20) });

/** A movement as the API answers it (the adapter's `Movement`, in the gateway's words). */
const answer = (movement: GatewayMovement) => ({
  reference: movement.reference,
  kind: movement.kind,
  status: movement.status,
  amount: movement.amount,
  id: `LMM-${movement.seq}`,
  fee: 0,
  message: movement.message,
});

/** +233241234567 from whatever a person typed ("024 123 4567", "+233 24…"), or undefined. */
export function walletNumber(typed: string): string | undefined {
  const local = localGhanaPhone(typed);
  return /^0[2-9]\d{8}$/.test(local) ? `+233${local.slice(1)}` : undefined;
}

const PIN = /^\d{4}$/;

export function buildLocalGateway(settings: LocalGatewaySettings): FastifyInstance {
  const books = new GatewayBooks(settings.pool);
  const app = createHttpApp({
    service: 'local-momo',
    logLevel: settings.logLevel ?? 'info',
    checks: { database: async () => void (await settings.pool.query('SELECT 1')) },
  });
  const callbacks = callbackSender({ url: settings.callbackUrl, secret: settings.secret, log: app.log });
  app.addHook('onClose', () => callbacks.close());

  // The phone page's forms post as a browser does.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });

  const expectedToken = Buffer.from(`Bearer ${settings.secret}`);
  const api = async (instance: FastifyInstance) => {
    instance.addHook('onRequest', async (request, reply) => {
      const given = Buffer.from(request.headers.authorization ?? '');
      if (given.length !== expectedToken.length || !timingSafeEqual(given, expectedToken)) {
        return reply.status(401).send({ message: 'The secret is missing or wrong' });
      }
    });
    instance.setErrorHandler((error, _request, reply) => {
      if (error instanceof GatewayRefusal) return reply.status(error.status).send({ message: error.message });
      if (error instanceof z.ZodError) return reply.status(400).send({ message: z.prettifyError(error) });
      throw error;
    });

    const found = async (kind: MovementKind, ref: string, reply: FastifyReply) => {
      const movement = await books.find(kind, ref);
      return movement ? answer(movement) : reply.status(404).send({ message: `No ${kind} ${ref}` });
    };

    instance.post('/v1/collections', async (request) => {
      const body = collectionBody.parse(request.body);
      // Telecel asks its customer for the voucher code it texts before the PIN prompt.
      const telecel = body.network === 'telecel';
      const { movement } = await books.record({
        reference: body.reference,
        kind: 'collection',
        phone: body.phone,
        network: body.network,
        amount: body.amount,
        description: body.description,
        counterpart: body.customerName,
        status: telecel ? 'needs_otp' : 'pending',
        voucherCode: telecel ? voucherCodeFor(settings.secret, body.reference) : null,
        message: telecel ? 'Telecel texted the customer a voucher code: type it to continue' : null,
      });
      return answer(movement);
    });
    instance.post<{ Params: { reference: string } }>('/v1/collections/:reference/otp', async (request, reply) => {
      const { otp } = otpBody.parse(request.body);
      const movement = await books.enterVoucher(request.params.reference, otp);
      if (!movement) return reply.status(404).send({ message: `No collection ${request.params.reference}` });
      return answer(movement.status === 'needs_otp' ? { ...movement, message: 'Invalid voucher code' } : movement);
    });
    instance.get<{ Params: { reference: string } }>('/v1/collections/:reference', (request, reply) => found('collection', request.params.reference, reply));

    // A payout or refund settles as it is taken; the first answer for a reference sends the callback.
    const settledNow = ({ movement, created }: { movement: GatewayMovement; created: boolean }) => {
      if (created) callbacks.send(movement);
      return answer(movement);
    };

    instance.post('/v1/payouts', async (request) => {
      const { recipientName, reason, ...body } = payoutBody.parse(request.body);
      return settledNow(await books.payout({ ...body, description: reason, counterpart: recipientName }));
    });
    instance.get<{ Params: { reference: string } }>('/v1/payouts/:reference', (request, reply) => found('payout', request.params.reference, reply));

    instance.post('/v1/refunds', async (request) => {
      const { reason, ...body } = refundBody.parse(request.body);
      return settledNow(await books.refund({ ...body, description: reason, counterpart: '' }));
    });
    instance.get<{ Params: { reference: string } }>('/v1/refunds/:reference', (request, reply) => found('refund', request.params.reference, reply));
  };
  app.register(api);

  const html = (reply: FastifyReply, body: string, status = 200) => reply.status(status).type('text/html; charset=utf-8').header('cache-control', 'no-store').send(body);
  const backToPhone = (reply: FastifyReply, phone: string) => reply.redirect(`/phone/${phone}`, 303);
  const field = (body: unknown, name: string) => {
    const value = (body as Record<string, unknown> | undefined)?.[name];
    return typeof value === 'string' ? value : '';
  };

  app.get<{ Querystring: { number?: string } }>('/phone', async (request, reply) => {
    const typed = request.query.number;
    const switches = await books.switches();
    if (typed === undefined) return html(reply, numberPage({ switches }));
    const phone = walletNumber(typed);
    if (!phone) return html(reply, numberPage({ switches, typed, error: 'Type a Ghana mobile number, such as 024 123 4567.' }), 400);
    return backToPhone(reply, phone);
  });

  // Each form flips one switch; a switch the form does not name stays as it is.
  app.post('/phone/switches', async (request, reply) => {
    for (const [name, switchName] of [
      ['failPayouts', FAIL_PAYOUTS],
      ['failRefunds', FAIL_REFUNDS],
    ] as const) {
      const value = field(request.body, name);
      if (value !== '') await books.setSwitch(switchName, value === 'on');
    }
    return reply.redirect('/phone', 303);
  });

  const showPhone = async (reply: FastifyReply, phone: string, errors: Record<string, string> = {}, status = 200) =>
    html(reply, phonePage(phone, await books.ofPhone(phone), errors), status);

  app.get<{ Params: { number: string } }>('/phone/:number', async (request, reply) => {
    const phone = walletNumber(request.params.number);
    if (!phone) return html(reply, numberPage({ switches: await books.switches(), typed: request.params.number, error: 'That is not a Ghana mobile number.' }), 404);
    if (phone !== request.params.number) return backToPhone(reply, phone);
    return showPhone(reply, phone);
  });

  /** The collection a prompt form is about, or a 404 page. */
  const promptOf = async (ref: string, reply: FastifyReply) => {
    const movement = await books.find('collection', ref);
    if (!movement) html(reply, numberPage({ switches: await books.switches(), error: 'That payment prompt does not exist.' }), 404);
    return movement;
  };

  app.post<{ Params: { reference: string } }>('/prompts/:reference/approve', async (request, reply) => {
    const movement = await promptOf(request.params.reference, reply);
    if (!movement) return reply;
    if (!PIN.test(field(request.body, 'pin'))) return showPhone(reply, movement.phone, { [movement.reference]: 'Your PIN is 4 digits.' }, 400);
    const settled = await books.answerPrompt(movement.reference, 'approve');
    if (settled) callbacks.send(settled);
    return backToPhone(reply, movement.phone);
  });

  app.post<{ Params: { reference: string } }>('/prompts/:reference/decline', async (request, reply) => {
    const movement = await promptOf(request.params.reference, reply);
    if (!movement) return reply;
    const settled = await books.answerPrompt(movement.reference, 'decline');
    if (settled) callbacks.send(settled);
    return backToPhone(reply, movement.phone);
  });

  app.post<{ Params: { reference: string } }>('/prompts/:reference/voucher', async (request, reply) => {
    const movement = await promptOf(request.params.reference, reply);
    if (!movement) return reply;
    const after = await books.enterVoucher(movement.reference, field(request.body, 'voucher').trim());
    if (after?.status === 'needs_otp') return showPhone(reply, movement.phone, { [movement.reference]: 'That is not the voucher code Telecel texted.' }, 400);
    return backToPhone(reply, movement.phone);
  });

  app.get('/', (_request, reply) => reply.redirect('/phone', 303));
  return app;
}
