import { z } from 'zod';
import { MobileMoneyProviderError } from './port.ts';

/*
 * The answers of Paystack's API the adapter reads, written by hand for only the fields it uses.
 * Each follows a schema of Paystack's published OpenAPI document (github.com/PaystackOSS/openapi,
 * dist/paystack.yaml, components/schemas named beside it) and the examples of its documentation
 * (paystack.com/docs: payments/payment-channels "Mobile money", transfers/single-transfers,
 * payments/refunds). No generator for that document is among the repository's dependencies.
 * Unlisted fields pass through unread; a listed field of another type fails the parse.
 */

/** Every answer: `status` says whether Paystack did it, `message` says what happened (Error, *Response). */
const envelope = <T extends z.ZodType>(data: T) => z.object({ status: z.boolean(), message: z.string(), data });

/** ChargeCreateResponse / ChargeSubmitOtpResponse / ChargeCheckPendingResponse: `status` is the charge's next step (send_otp, pay_offline, success, failed, pending…). */
export const chargeAnswer = envelope(
  z.object({
    reference: z.string(),
    status: z.string(),
    amount: z.number().int().optional(),
    display_text: z.string().optional(),
    gateway_response: z.string().nullish(),
    message: z.string().nullish(),
  }),
);

/** VerifyResponse (GET /transaction/verify/{reference}). */
export const transactionAnswer = envelope(
  z.object({
    id: z.number().int(),
    reference: z.string(),
    status: z.string(),
    amount: z.number().int(),
    gateway_response: z.string().nullish(),
    fees: z.number().int().nullish(),
  }),
);

/** TransferRecipientCreateResponse. */
export const recipientAnswer = envelope(z.object({ recipient_code: z.string() }));

/** TransferCreateResponse / TransferVerifyResponse (fee_charged from the Verify Transfer example). */
export const transferAnswer = envelope(
  z.object({
    id: z.number().int().optional(),
    reference: z.string(),
    status: z.string(),
    amount: z.number().int(),
    transfer_code: z.string().optional(),
    fee_charged: z.number().int().nullish(),
    gateway_response: z.string().nullish(),
  }),
);

/** One refund, as RefundCreateResponse, RefundFetchResponse and RefundListResponseArray give it. */
const refund = z.object({ id: z.number().int(), amount: z.number().int(), status: z.string(), merchant_note: z.string().nullish() });
export const refundAnswer = envelope(refund);
export const refundListAnswer = envelope(z.array(refund)).extend({ meta: z.object({ page: z.number().int(), pageCount: z.number().int() }) });

/** Network failures that happen before a request is written: Paystack cannot have received it. */
const BEFORE_REQUEST = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'ENETUNREACH', 'EHOSTUNREACH', 'CERT_HAS_EXPIRED', 'DEPTH_ZERO_SELF_SIGNED_CERT', 'UNABLE_TO_VERIFY_LEAF_SIGNATURE', 'ERR_TLS_CERT_ALTNAME_INVALID']);

/** Paystack's answer to a request: its HTTP status and the JSON it sent (undefined when none was readable). */
export type PaystackAnswer = { status: number; body: unknown };

export type PaystackClient = {
  /** Sends one request; throws `MobileMoneyProviderError` when no answer came, answers whatever status Paystack gave. */
  call(method: 'GET' | 'POST', path: string, body?: object): Promise<PaystackAnswer>;
};

/**
 * Paystack's API through the platform's HTTP client (Node's fetch, traced by the undici
 * instrumentation like every other outgoing call), authenticated with the secret key as a Bearer
 * token (the document's bearerAuth scheme).
 */
export function paystackClient(settings: { secretKey: string; apiBaseUrl: string; timeoutMs: number }): PaystackClient {
  const base = settings.apiBaseUrl.replace(/\/+$/, '');
  return {
    async call(method, path, body) {
      let response: Response;
      try {
        response = await fetch(`${base}${path}`, {
          method,
          headers: { authorization: `Bearer ${settings.secretKey}`, accept: 'application/json', ...(body ? { 'content-type': 'application/json' } : {}) },
          body: body ? JSON.stringify(body) : undefined,
          signal: AbortSignal.timeout(settings.timeoutMs),
        });
      } catch (error) {
        throw unanswered(error);
      }
      const text = await response.text().catch(() => undefined);
      let parsed: unknown;
      try {
        parsed = text ? JSON.parse(text) : undefined;
      } catch {
        parsed = undefined;
      }
      return { status: response.status, body: parsed };
    },
  };
}

/**
 * A request that got no answer. Only a connection never made proves Paystack did not get it; a
 * timeout or a connection dropped after sending may come after Paystack acted on it.
 */
function unanswered(error: unknown): MobileMoneyProviderError {
  const cause = (error as { cause?: { code?: string; errors?: { code?: string }[] } }).cause;
  const code = cause?.code ?? cause?.errors?.[0]?.code ?? (error as NodeJS.ErrnoException).code;
  if (code !== undefined && BEFORE_REQUEST.has(code)) {
    return new MobileMoneyProviderError(`Paystack unreachable: ${code}`, true, { cause: error });
  }
  const what = (error as Error).name === 'TimeoutError' ? 'timed out' : `${(error as Error).message}${code ? ` (${code})` : ''}`;
  return new MobileMoneyProviderError(`Paystack did not answer: ${what}`, false, { cause: error, outcome: 'unknown' });
}

/**
 * A refusal or failure Paystack answered with. A 5xx came after Paystack read the request and
 * may have acted on it (unknown); a 4xx is a refusal before acting: 429 asks to come back later,
 * the others (bad key, bad field, too large a refund) repeat on every try.
 */
export function answeredError(what: string, answer: PaystackAnswer): MobileMoneyProviderError {
  const message = (answer.body as { message?: unknown } | undefined)?.message;
  const text = `Paystack answered ${what} with ${answer.status}${typeof message === 'string' ? `: ${message}` : ''}`;
  if (answer.status >= 500) return new MobileMoneyProviderError(text, false, { outcome: 'unknown' });
  return new MobileMoneyProviderError(text, answer.status === 429);
}

/** Reads a 2xx answer with its schema; an answer that does not read leaves what Paystack did unknown. */
export function readAnswer<T extends z.ZodType>(what: string, answer: PaystackAnswer, schema: T): z.infer<T> {
  const parsed = schema.safeParse(answer.body);
  if (!parsed.success || (answer.body as { status?: unknown }).status !== true) {
    throw new MobileMoneyProviderError(`Paystack's answer to ${what} could not be read`, false, { outcome: 'unknown', cause: parsed.error });
  }
  return parsed.data;
}
