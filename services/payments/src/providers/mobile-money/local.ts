import { CallbackRefusedError, type ProviderCallback } from '@krom/server-kit/providers';
import { z } from 'zod';
import { requireSignature } from './callback-signature.ts';
import { LOCAL_MOMO_SIGNATURE_HEADER, localMomoSignature } from './local-gateway/signature.ts';
import { type CallbackNotice, type MobileMoneyProvider, MobileMoneyProviderError, type Movement } from './port.ts';

export type LocalMobileMoneySettings = {
  /** Where the local gateway listens (http://127.0.0.1:4090 under `npm start`). */
  baseUrl: string;
  /** The secret the gateway was started with (LOCAL_MOMO_SECRET). */
  secret: string;
  /** How long one request may take before it is given up (default 10 s). */
  timeoutMs?: number | undefined;
};

/** The gateway's answer for one movement (gateway-app.ts). */
const movementAnswer = z.object({
  reference: z.string(),
  status: z.enum(['needs_otp', 'pending', 'succeeded', 'failed']),
  amount: z.number().int(),
  id: z.string(),
  fee: z.number().int(),
  message: z.string().nullable(),
});

/** The callback's body (callback-sender.ts). */
const callbackEvent = z.object({ event: z.string(), data: z.object({ kind: z.string(), reference: z.string() }) });

/** Failures before the request was written: the gateway cannot have received it. */
const BEFORE_REQUEST = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'ENETUNREACH', 'EHOSTUNREACH']);

/**
 * Mobile money through the local gateway (local-gateway/): the prompts appear on its phone page
 * instead of a real phone, and its answers and callbacks have the shape a real gateway's have, so
 * the payments service cannot tell it apart from one.
 */
export function localMobileMoneyProvider(settings: LocalMobileMoneySettings): MobileMoneyProvider {
  const base = settings.baseUrl.replace(/\/+$/, '');
  const timeoutMs = settings.timeoutMs ?? 10_000;

  async function call(what: string, method: 'GET' | 'POST', path: string, body?: object): Promise<Movement | undefined> {
    let response: Response;
    try {
      response = await fetch(`${base}${path}`, {
        method,
        headers: { authorization: `Bearer ${settings.secret}`, ...(body ? { 'content-type': 'application/json' } : {}) },
        body: body ? JSON.stringify(body) : undefined,
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      const cause = (error as { cause?: { code?: string } }).cause;
      if (cause?.code && BEFORE_REQUEST.has(cause.code)) {
        throw new MobileMoneyProviderError(`The local gateway is unreachable (${cause.code}) for ${what}`, true, { cause: error });
      }
      throw new MobileMoneyProviderError(`The local gateway did not answer ${what}: ${(error as Error).message}`, false, { cause: error, outcome: 'unknown' });
    }
    const text = await response.text().catch(() => '');
    if (method === 'GET' && response.status === 404) return undefined;
    if (!response.ok) {
      const message = `The local gateway answered ${what} with ${response.status}: ${text.slice(0, 200)}`;
      // A 5xx may come after the gateway acted; a 4xx is a refusal before acting.
      if (response.status >= 500) throw new MobileMoneyProviderError(message, false, { outcome: 'unknown' });
      throw new MobileMoneyProviderError(message, response.status === 429);
    }
    let parsed: z.infer<typeof movementAnswer>;
    try {
      parsed = movementAnswer.parse(JSON.parse(text));
    } catch (error) {
      throw new MobileMoneyProviderError(`The local gateway's answer to ${what} is unreadable`, false, { cause: error, outcome: 'unknown' });
    }
    return { reference: parsed.reference, status: parsed.status, amount: parsed.amount, providerReference: parsed.id, gatewayFee: parsed.fee, displayText: parsed.message };
  }

  /** A status check: a reference the gateway never saw moved nothing. */
  const verify = async (kind: string, reference: string): Promise<Movement> =>
    (await call(`the ${kind} check`, 'GET', `/v1/${kind}s/${encodeURIComponent(reference)}`)) ?? {
      reference,
      status: 'failed',
      amount: 0,
      providerReference: null,
      gatewayFee: 0,
      displayText: `The local gateway has no ${kind} with this reference`,
    };
  const started = async (what: string, path: string, body: object) => (await call(what, 'POST', path, body))!;

  return {
    name: 'local',
    collect: (request) =>
      started('the collection', '/v1/collections', {
        reference: request.reference,
        phone: request.wallet.phone,
        network: request.wallet.network,
        amount: request.amount,
        description: request.description,
        customerName: request.customerName,
      }),
    submitOtp: (reference, otp) => started('the voucher code', `/v1/collections/${encodeURIComponent(reference)}/otp`, { otp }),
    verifyCollection: (reference) => verify('collection', reference),
    payout: (request) =>
      started('the payout', '/v1/payouts', {
        reference: request.reference,
        phone: request.wallet.phone,
        network: request.wallet.network,
        amount: request.amount,
        recipientName: request.recipientName,
        reason: request.reason,
      }),
    verifyPayout: (reference) => verify('payout', reference),
    refund: (request) =>
      started('the refund', '/v1/refunds', {
        reference: request.reference,
        collectionReference: request.collectionReference,
        phone: request.wallet.phone,
        network: request.wallet.network,
        amount: request.amount,
        reason: request.reason,
      }),
    verifyRefund: (reference) => verify('refund', reference),
    verifyWebhook: (callback) => readLocalCallback(settings.secret, callback),
  };
}

/** Checks the callback's HMAC over its exact bytes in constant time, then reads which movement settled. */
export function readLocalCallback(secret: string, callback: ProviderCallback): CallbackNotice | null {
  requireSignature(callback.headers[LOCAL_MOMO_SIGNATURE_HEADER], localMomoSignature(secret, callback.rawBody));
  let parsed: z.infer<typeof callbackEvent>;
  try {
    parsed = callbackEvent.parse(JSON.parse(callback.rawBody.toString('utf8')));
  } catch {
    throw new CallbackRefusedError(400, 'The callback is not a local gateway event');
  }
  const { kind, reference } = parsed.data;
  if (kind === 'collection' || kind === 'payout' || kind === 'refund') return { kind, reference };
  return null;
}
