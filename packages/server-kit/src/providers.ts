import { timingSafeEqual } from 'node:crypto';
import type { ProviderCallbackBody } from '@krom/contracts/http/provider-callbacks';
import { HttpError } from './errors.ts';

/**
 * A provider's callback as its adapter checks it: the body's bytes as sent, the headers (names
 * lower-case), and the public URL the provider called. A port whose provider calls back has a
 * `verifyWebhook(callback)` that checks the signature and reads the callback, or throws
 * `CallbackRefusedError`.
 */
export type ProviderCallback = { rawBody: Buffer; headers: Readonly<Record<string, string | undefined>>; url: string };

/** A callback not to be trusted: 401 when it carries no signature, 403 when the signature is wrong, 400 when signed but unreadable. */
export class CallbackRefusedError extends HttpError {
  constructor(statusCode: 400 | 401 | 403, message: string) {
    super(statusCode, message);
    this.name = 'CallbackRefusedError';
  }
}

/**
 * What a failed call says about the provider's side: `not-sent` when the failure proves nothing
 * was handed over (no connection, a refusal before or instead of acceptance), `unknown` when the
 * request was written and no answer settles it (a timeout or dropped connection after sending, a
 * provider's own 5xx), so the work may have been done.
 */
export type ProviderOutcome = 'not-sent' | 'unknown';

/**
 * A call to a provider that failed. `outcome` says whether the work may have been done anyway
 * (see ProviderOutcome): only a `not-sent` failure may be tried again without risking doing it
 * twice. `retryable` false means trying again cannot help (a number or mailbox the provider
 * rejects, bad credentials), so the work fails at once instead of after every retry. Each port
 * names its own subclass.
 */
export class ProviderError extends Error {
  readonly outcome: ProviderOutcome;

  constructor(
    message: string,
    readonly retryable: boolean,
    options?: { cause?: unknown; outcome?: ProviderOutcome },
  ) {
    super(message, options);
    this.name = new.target.name;
    this.outcome = options?.outcome ?? 'not-sent';
  }
}

/** The callback the BFF passed on (`providerCallbackSchema`), back in the shape an adapter checks. */
export function receivedCallback(body: ProviderCallbackBody): ProviderCallback {
  const headers = Object.fromEntries(Object.entries(body.headers).map(([name, value]) => [name.toLowerCase(), value]));
  return { rawBody: Buffer.from(body.rawBody, 'base64'), headers, url: body.url };
}

/**
 * Reads a form-encoded callback body. A name sent twice is refused: providers send each once, and
 * a second value appended to a signed body must not slip past a check that reads only one.
 */
export function formParams(rawBody: Buffer): Record<string, string> {
  const params: Record<string, string> = {};
  for (const [name, value] of new URLSearchParams(rawBody.toString('utf8'))) {
    if (Object.hasOwn(params, name)) throw new CallbackRefusedError(400, `The callback repeats ${name}`);
    params[name] = value;
  }
  return params;
}

/** Two secrets compared in constant time. */
export function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * For a provider that signs nothing (Hubtel) and is given a callback URL with a secret in its
 * query: 401 without the parameter, 403 with another value or with it twice (which of the two
 * would have been checked?).
 */
export function checkUrlToken(callback: ProviderCallback, secret: string, parameter = 'token'): void {
  const tokens = URL.canParse(callback.url) ? new URL(callback.url).searchParams.getAll(parameter) : [];
  if (tokens.length === 0) throw new CallbackRefusedError(401, 'The callback URL carries no token');
  if (tokens.length > 1 || !sameSecret(tokens[0]!, secret)) throw new CallbackRefusedError(403, 'The callback URL token does not match');
}
