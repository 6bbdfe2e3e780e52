import { z } from 'zod';
import type { components, paths } from './paystack-openapi.gen.ts';
import { MobileMoneyProviderError } from './port.ts';

/*
 * The requests and answers of Paystack's API the adapter uses. Their types come from Paystack's
 * published OpenAPI document (github.com/PaystackOSS/openapi, dist/paystack.yaml), generated into
 * paystack-openapi.gen.ts for just the operations below (scripts/paystack-types.ts). Answers come
 * from the network and are read at run time with zod schemas written for only the fields the
 * adapter uses; the compiler holds each schema to the document's answer (`documented` below).
 * Unlisted fields pass through unread; a listed field of another type fails the parse.
 */

type Schemas = components['schemas'];

/**
 * Where what `Read` reads parts from the document's `Doc`, as `answer.<field path>`: a field the
 * document does not have, one of another type, or one the document says may be absent or null
 * that the schema would refuse when so. `never` when they agree. The schemas may be more lenient
 * than the document the other way (a field it calls required may be missing), not stricter.
 */
type Drift<Read, Doc, At extends string> = unknown extends Doc
  ? never
  :
      | (undefined extends Doc ? (undefined extends Read ? never : `${At} (may be absent)`) : never)
      | (null extends Doc ? (null extends Read ? never : `${At} (may be null)`) : never)
      | (NonNullable<Read> extends readonly (infer Item)[]
          ? NonNullable<Doc> extends readonly (infer DocItem)[]
            ? Drift<Item, DocItem, `${At}[]`>
            : At
          : NonNullable<Read> extends object
            ? NonNullable<Doc> extends object
              ? {
                  [K in keyof NonNullable<Read> & string]-?: K extends keyof NonNullable<Doc>
                    ? Drift<NonNullable<Read>[K], NonNullable<Doc>[K], `${At}.${K}`>
                    : `${At}.${K}`;
                }[keyof NonNullable<Read> & string]
              : At
            : NonNullable<Read> extends NonNullable<Doc>
              ? never
              : At);

/** Each of the documented answers a schema reads (a union) is checked on its own. */
type DriftFromAny<Read, Docs, Allowed extends string> = Docs extends unknown ? Exclude<Drift<Read, Docs, 'answer'>, Allowed> : never;

/**
 * A schema for one or more of the document's answers (`Docs`, a union), which compiles only when
 * every field it reads is the document's, of the document's type. `Allowed` names the fields read
 * beyond the document, each known from Paystack's guides; the compiler's error names any other.
 */
const documented =
  <Docs, Allowed extends string = never>() =>
  <S extends z.ZodType>(schema: S & ([DriftFromAny<z.output<S>, Docs, Allowed>] extends [never] ? unknown : { readsBeyondTheDocument: DriftFromAny<z.output<S>, Docs, Allowed> })): S =>
    schema;

/** Every answer: `status` says whether Paystack did it, `message` says what happened (Error, *Response). */
const envelope = <T extends z.ZodType>(data: T) => z.object({ status: z.boolean(), message: z.string(), data });

/**
 * A charge's answer: its `status` is the next step (send_otp, pay_offline, success, failed,
 * pending…). `display_text`, the words to show the payer, is in the Payment Channels guide's
 * pay_offline and send_otp answers; the document gives it only for submit_phone and submit_birthday.
 */
export const chargeAnswer = documented<Schemas['ChargeCreateResponse'] | Schemas['ChargeSubmitOtpResponse'] | Schemas['ChargeCheckPendingResponse'], 'answer.data.display_text'>()(
  envelope(
    z.object({
      reference: z.string(),
      status: z.string(),
      amount: z.number().int().optional(),
      display_text: z.string().optional(),
      gateway_response: z.string().nullish(),
      message: z.string().nullish(),
    }),
  ),
);

/** GET /transaction/verify/{reference}. */
export const transactionAnswer = documented<Schemas['VerifyResponse']>()(
  envelope(
    z.object({
      id: z.number().int(),
      reference: z.string(),
      status: z.string(),
      amount: z.number().int(),
      gateway_response: z.string().nullish(),
      fees: z.number().int().nullish(),
    }),
  ),
);

export const recipientAnswer = documented<Schemas['TransferRecipientCreateResponse']>()(envelope(z.object({ recipient_code: z.string() })));

/**
 * A transfer, as POST /transfer and GET /transfer/verify answer it. The document gives
 * `fee_charged` only in a fetched or listed transfer and `gateway_response` only in a verified
 * one; the Single Transfers guide's Verify Transfer example has both.
 */
export const transferAnswer = documented<Schemas['TransferCreateResponse'] | Schemas['TransferVerifyResponse'], 'answer.data.fee_charged' | 'answer.data.gateway_response'>()(
  envelope(
    z.object({
      id: z.number().int().optional(),
      reference: z.string(),
      status: z.string(),
      amount: z.number().int(),
      transfer_code: z.string().optional(),
      fee_charged: z.number().int().nullish(),
      gateway_response: z.string().nullish(),
    }),
  ),
);

/** One refund, as POST /refund answers it and GET /refund lists it. */
const refund = z.object({ id: z.number().int(), amount: z.number().int(), status: z.string(), merchant_note: z.string().nullish() });
export const refundAnswer = documented<Schemas['RefundCreateResponse']>()(envelope(refund));
export const refundListAnswer = documented<Schemas['RefundListResponse']>()(
  envelope(z.array(refund)).extend({ meta: z.object({ page: z.number().int(), pageCount: z.number().int() }) }),
);

/** Network failures that happen before a request is written: Paystack cannot have received it. */
const BEFORE_REQUEST = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'ENETUNREACH', 'EHOSTUNREACH', 'CERT_HAS_EXPIRED', 'DEPTH_ZERO_SELF_SIGNED_CERT', 'UNABLE_TO_VERIFY_LEAF_SIGNATURE', 'ERR_TLS_CERT_ALTNAME_INVALID']);

/** Paystack's answer to a request: its HTTP status and the JSON it sent (undefined when none was readable). */
export type PaystackAnswer = { status: number; body: unknown };

/** The document's paths (as cut down to the adapter's operations) that take `method`. */
type PathsTaking<Method extends 'get' | 'post'> = { [P in keyof paths]: paths[P][Method] extends undefined ? never : P }[keyof paths];
type GetPath = PathsTaking<'get'>;
type PostPath = PathsTaking<'post'>;

/**
 * Fields Paystack's guides send that the document leaves out of an operation's body: the Payment
 * Channels guide's mobile money charge names its currency (GHS), which ChargeCreate lacks.
 */
type BeyondTheDocument = { '/charge': { currency?: string } };

/** The JSON body an operation takes, as the document gives it (plus the few fields above). */
export type RequestBody<P extends PostPath> = NonNullable<NonNullable<paths[P]['post']>['requestBody']>['content']['application/json'] &
  (P extends keyof BeyondTheDocument ? BeyondTheDocument[P] : unknown);

/** The path and query parameters of a GET, as the document names them. */
export type GetParameters<P extends GetPath> = Pick<NonNullable<paths[P]['get']>['parameters'], 'path' | 'query'>;

export type PaystackClient = {
  /** Reads with GET, `{name}`s of the path filled from `parameters.path`; answers whatever status Paystack gave. */
  get<P extends GetPath>(path: P, parameters: GetParameters<P>): Promise<PaystackAnswer>;
  /** Sends `body` as JSON with POST; answers whatever status Paystack gave. */
  post<P extends PostPath>(path: P, body: RequestBody<P>): Promise<PaystackAnswer>;
};

/** `/charge/{reference}` with `{ reference: 'x/y' }` → `/charge/x%2Fy`, then the query string. */
function fill(template: string, parameters: { path?: Record<string, string | number>; query?: Record<string, string | number | undefined> }): string {
  const path = template.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = parameters.path?.[name];
    if (value === undefined) throw new Error(`No value for {${name}} of ${template}`);
    return encodeURIComponent(String(value));
  });
  const query = Object.entries(parameters.query ?? {}).flatMap(([name, value]): [string, string][] => (value === undefined ? [] : [[name, String(value)]]));
  return query.length > 0 ? `${path}?${new URLSearchParams(query)}` : path;
}

/**
 * Paystack's API through the platform's HTTP client (Node's fetch, traced by the undici
 * instrumentation like every other outgoing call), authenticated with the secret key as a Bearer
 * token (the document's bearerAuth scheme).
 */
export function paystackClient(settings: { secretKey: string; apiBaseUrl: string; timeoutMs: number }): PaystackClient {
  const base = settings.apiBaseUrl.replace(/\/+$/, '');
  /** Sends one request; throws `MobileMoneyProviderError` when no answer came. */
  async function call(method: 'GET' | 'POST', path: string, body?: object): Promise<PaystackAnswer> {
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
  }
  return {
    get: (path, parameters) => call('GET', fill(path, parameters)),
    post: (path, body) => call('POST', path, body),
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
