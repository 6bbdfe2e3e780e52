import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { CallbackRefusedError, type ProviderCallback } from '@krom/server-kit/providers';
import type { CallbackNotice } from './port.ts';

export type HubtelMovementKind = CallbackNotice['kind'];
const kinds: readonly HubtelMovementKind[] = ['collection', 'payout', 'refund'];

/** Krom's references, as the port allows them. */
const kromReference = /^[A-Za-z0-9_-]{1,50}$/;

/**
 * The ClientReference Hubtel files a movement under. Hubtel takes at most 36 letters and digits
 * and refuses one it has seen before; Krom's references are up to 50 characters with `-` and `_`.
 * So the adapter sends a digest of the movement's kind and reference instead: the same movement
 * always gets the same ClientReference (asking twice is refused by Hubtel, not paid twice), and a
 * payout and a refund, both Send Money from the one Prepaid Deposit account, never share one.
 */
export function hubtelClientReference(kind: HubtelMovementKind, reference: string): string {
  return createHash('sha256').update(`${kind}:${reference}`).digest('hex').slice(0, 32);
}

const urlToken = (secret: string, kind: HubtelMovementKind, reference: string) =>
  createHmac('sha256', secret).update(`${kind}:${reference}`).digest('base64url');

/**
 * The PrimaryCallbackUrl for one movement. Hubtel does not sign its callbacks (its Receive Money
 * and Send Money references show none, and it points merchants to IP whitelisting), so the URL
 * Hubtel is given carries the movement and a token made from it with Krom's callback secret: a
 * callback is believed to be about that movement only if its URL's token matches. Even then it is
 * only a hint to read the movement again with a status check.
 */
export function hubtelCallbackUrl(base: string, secret: string, kind: HubtelMovementKind, reference: string): string {
  const url = new URL(base);
  url.searchParams.set('kind', kind);
  url.searchParams.set('reference', reference);
  url.searchParams.set('token', urlToken(secret, kind, reference));
  return url.toString();
}

/** The one value of a query parameter; a parameter given twice is not taken (which one did the token cover?). */
function single(url: URL, name: string): string | undefined {
  const values = url.searchParams.getAll(name);
  return values.length === 1 ? values[0] : undefined;
}

function parsedUrl(text: string): URL | undefined {
  try {
    return new URL(text);
  } catch {
    return undefined;
  }
}

/**
 * Reads a Hubtel callback (Receive Money or Send Money: JSON with ResponseCode and Data) posted to
 * a URL made by `hubtelCallbackUrl`: 401 without a token, 403 with a token that does not match the
 * URL's movement or a body about another movement, 400 for a body that is not Hubtel's JSON.
 */
export function readHubtelCallback(secret: string, callback: ProviderCallback): CallbackNotice {
  const url = parsedUrl(callback.url);
  const token = url?.searchParams.getAll('token') ?? [];
  if (!url || token.length === 0) throw new CallbackRefusedError(401, 'The callback URL carries no token');
  const kind = single(url, 'kind') as HubtelMovementKind | undefined;
  const reference = single(url, 'reference');
  const valid = token.length === 1 && kind !== undefined && kinds.includes(kind) && reference !== undefined && kromReference.test(reference);
  if (!valid || !sameText(token[0]!, urlToken(secret, kind, reference))) throw new CallbackRefusedError(403, 'The callback URL token does not match');

  const clientReference = clientReferenceIn(callback.rawBody);
  if (clientReference !== hubtelClientReference(kind, reference)) throw new CallbackRefusedError(403, 'The callback is about another movement than its URL');
  return { kind, reference };
}

function clientReferenceIn(rawBody: Buffer): string {
  let body: unknown;
  try {
    body = JSON.parse(rawBody.toString('utf8'));
  } catch {
    throw new CallbackRefusedError(400, 'The callback body is not JSON');
  }
  const clientReference = (body as { Data?: { ClientReference?: unknown } } | null)?.Data?.ClientReference;
  if (typeof clientReference !== 'string') throw new CallbackRefusedError(400, 'The callback names no ClientReference');
  return clientReference;
}

function sameText(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}
