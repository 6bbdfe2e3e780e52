import { CallbackRefusedError, checkUrlToken, type ProviderCallback } from '@krom/server-kit/providers';
import { type CallbackNotice, MobileMoneyProviderError } from './port.ts';

export type HubtelMovementKind = CallbackNotice['kind'];

/** The first letter of each ClientReference: which kind of movement it is (Send Money's callbacks look alike for payouts and refunds). */
const marks: Record<HubtelMovementKind, string> = { collection: 'c', payout: 'p', refund: 'r' };
const kindOfMark: Record<string, HubtelMovementKind> = { c: 'collection', p: 'payout', r: 'refund' };
const uuid = /^([0-9a-f]{8})-([0-9a-f]{4})-([0-9a-f]{4})-([0-9a-f]{4})-([0-9a-f]{12})$/;

/**
 * The ClientReference Hubtel files a movement under: at most 36 letters and digits, by Hubtel's
 * rule, from which the callback's reader gets Krom's kind and reference back (Hubtel's callbacks
 * name nothing else of ours). A UUID, the service's references, loses its dashes behind an
 * upper-case mark (`C3f2a…`); a reference of letters and digits alone is kept as it is behind a
 * lower-case one (`c3f2a…`). Krom's references have no upper-case letters, so the two never meet.
 * Any other reference cannot be carried: it is refused before Hubtel is asked.
 */
export function hubtelClientReference(kind: HubtelMovementKind, reference: string): string {
  const parts = uuid.exec(reference);
  if (parts) return `${marks[kind].toUpperCase()}${parts.slice(1).join('')}`;
  if (/^[a-z0-9]{1,35}$/.test(reference)) return `${marks[kind]}${reference}`;
  throw new MobileMoneyProviderError(`Hubtel takes references of at most 36 letters and digits; ${reference} is neither a UUID nor letters and digits alone`, false);
}

/** Krom's kind and reference from a ClientReference made by `hubtelClientReference`, or undefined for one Krom did not make. */
export function movementOfClientReference(clientReference: string): CallbackNotice | undefined {
  const kind = kindOfMark[clientReference.charAt(0).toLowerCase()];
  const rest = clientReference.slice(1);
  if (!kind) return undefined;
  if (clientReference.charAt(0) === clientReference.charAt(0).toLowerCase()) return /^[a-z0-9]{1,35}$/.test(rest) ? { kind, reference: rest } : undefined;
  if (!/^[0-9a-f]{32}$/.test(rest)) return undefined;
  return { kind, reference: [rest.slice(0, 8), rest.slice(8, 12), rest.slice(12, 16), rest.slice(16, 20), rest.slice(20)].join('-') };
}

/**
 * The PrimaryCallbackUrl given with every request: Krom's public callback URL with the callback
 * secret in its query. Hubtel does not sign its callbacks (its Receive Money and Send Money
 * references show none, and it points merchants to IP whitelisting), so knowing the URL is what
 * marks a callback as Hubtel's; and even then it is only a hint to read the movement again.
 */
export function hubtelCallbackUrl(base: string, secret: string): string {
  const url = new URL(base);
  url.searchParams.set('token', secret);
  return url.toString();
}

/**
 * Reads a Hubtel callback (Receive Money or Send Money: JSON with ResponseCode and Data): 401
 * without the token in its URL, 403 with another token, 400 for a body that is not Hubtel's JSON
 * naming a ClientReference; null for a ClientReference Krom did not make.
 */
export function readHubtelCallback(secret: string, callback: ProviderCallback): CallbackNotice | null {
  checkUrlToken(callback, secret);
  return movementOfClientReference(clientReferenceIn(callback.rawBody)) ?? null;
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
