import { toDecimalCedis, toPesewas } from '@krom/contracts/money';
import { type HubtelMovementKind, hubtelCallbackUrl, hubtelClientReference, readHubtelCallback } from './hubtel-callback.ts';
import { type MobileMoneyNetwork, type MobileMoneyProvider, MobileMoneyProviderError, type Movement, type MovementStatus, type Wallet } from './port.ts';

/** Hubtel's hosts, as its Direct Receive Money and Direct Send Money references give them. */
export const hubtelApiUrls = {
  receive: 'https://rmp.hubtel.com',
  receiveStatus: 'https://api-txnstatus.hubtel.com',
  send: 'https://smp.hubtel.com',
  sendStatus: 'https://smrsc.hubtel.com',
} as const;

export type HubtelSettings = {
  /** The API ID and API key of Hubtel API keys (Basic auth on every call). */
  clientId: string;
  clientSecret: string;
  /** The POS Sales account collections are paid into; it is in the Receive Money and status paths. */
  posSalesId: string;
  /** The Prepaid Deposit account payouts and refunds are sent from; without it both are refused. */
  prepaidDepositId?: string | undefined;
  /** Krom's public callback URL for Hubtel (the BFF's); Hubtel is given it with `callbackToken` in its query. */
  callbackUrl: string;
  /** The secret in the callback URL, by which a callback is known to come from Hubtel (see hubtelCallbackUrl). */
  callbackToken: string;
  /**
   * What Krom has already given back of a collection under refunds other than this one (its own
   * records, failed refunds left out). Hubtel keeps no link between a collection and the money
   * sent back after it, so only Krom can say how much of it is left; without this a refund is
   * checked against the collected amount alone.
   */
  refundedBefore?: ((collectionReference: string, refundReference: string) => Promise<number>) | undefined;
  /** Each host is Hubtel's unless given (a stand-in's or a proxy's); paths are Hubtel's. */
  receiveBaseUrl?: string | undefined;
  sendBaseUrl?: string | undefined;
  /** Where collections' status is checked (api-txnstatus). */
  statusBaseUrl?: string | undefined;
  /** Where payouts' and refunds' status is checked (smrsc): Send Money has its own status host. */
  sendStatusBaseUrl?: string | undefined;
  /** How long one call may take before it is given up (default 30 s). */
  timeoutMs?: number | undefined;
  /** The clock an unpaid collection is aged by (see collectionStatus). */
  now?: (() => Date) | undefined;
};

/** Hubtel's channel names; Telecel Cash still goes by Vodafone's. */
const channels: Record<MobileMoneyNetwork, string> = { mtn: 'mtn-gh', telecel: 'vodafone-gh', airteltigo: 'tigo-gh' };

/**
 * Hubtel sends the final status within about 30 seconds and tells merchants to check the status
 * when none came after five minutes. Its status check says only Paid, Unpaid or Refunded, so a
 * prompt declined or left to lapse reads Unpaid, as a waiting one does: past these five minutes
 * Unpaid is taken as final.
 */
export const hubtelFinalStatusWindowMs = 5 * 60_000;

/** Network failures that happen before a request is written: Hubtel cannot have received it. */
const BEFORE_REQUEST = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'ENETUNREACH', 'EHOSTUNREACH', 'CERT_HAS_EXPIRED', 'DEPTH_ZERO_SELF_SIGNED_CERT', 'UNABLE_TO_VERIFY_LEAF_SIGNATURE', 'ERR_TLS_CERT_ALTNAME_INVALID']);

type Fields = Record<string, unknown>;
/** Hubtel's answers: PascalCase from Receive and Send Money, camelCase from the collections' status check. */
type HubtelAnswer = { ResponseCode?: unknown; responseCode?: unknown; Message?: unknown; message?: unknown; Data?: Fields | null; data?: Fields | null };
type Reply = { status: number; body: HubtelAnswer | undefined };

const refused = (message: string, retryable = false) => new MobileMoneyProviderError(message, retryable);
const text = (value: unknown) => (typeof value === 'string' && value !== '' ? value : undefined);

/** `+233241234567` → `233241234567`, the international form without `+` Hubtel asks for. */
function msisdn(wallet: Wallet): string {
  if (!/^\+233\d{9}$/.test(wallet.phone)) throw refused(`Hubtel pays Ghanaian numbers only, not ${wallet.phone}`);
  return wallet.phone.slice(1);
}

/**
 * Pesewas as the JSON number Hubtel's Amount is: the decimal text made from the integer, read as
 * a number, is written back by JSON.stringify as the same text (`1234` → `12.34`), never rounded.
 */
function cedis(amount: number): number {
  if (!Number.isSafeInteger(amount) || amount < 1) throw refused(`Not an amount to move: ${amount} pesewas`);
  return Number(toDecimalCedis(amount));
}

/** Hubtel's amount in pesewas, exactly, or undefined when it is not one (more than 2 decimals, missing). */
function pesewasIn(value: unknown): number | undefined {
  if (typeof value !== 'number' && typeof value !== 'string') return undefined;
  try {
    return toPesewas(value);
  } catch {
    return undefined;
  }
}

/** A fee in pesewas: Hubtel's samples write fees with three decimals (`0.010`); a part of a pesewa is rounded half up. */
function feeIn(value: unknown): number {
  const match = /^(\d{1,12})(?:\.(\d+))?$/.exec(typeof value === 'number' || typeof value === 'string' ? String(value).trim() : '');
  if (!match) return 0;
  const decimals = (match[2] ?? '').padEnd(3, '0');
  return Number(match[1]) * 100 + Number(decimals.slice(0, 2)) + (Number(decimals[2]) >= 5 ? 1 : 0);
}

/** Hubtel fails a prompt whose description has `&`, `%` or `^` in it; they are written out or left out. */
const promptText = (value: string) =>
  value
    .replace(/&/g, ' and ')
    .replace(/[%^]/g, '')
    .replace(/\s+/g, ' ')
    .trim();

/**
 * Mobile money through Hubtel's Direct Receive Money (a prompt on the customer's phone, paid into
 * the POS Sales account) and Direct Send Money (from the Prepaid Deposit account to a wallet),
 * with their status checks, called with the platform's fetch.
 *
 * What Hubtel does not do, and what the adapter does instead:
 * - No OTP step: Hubtel runs each network's approval itself, so `needs_otp` never arises and
 *   `submitOtp` is refused.
 * - No refund of a mobile money payment in its current API: `refund` checks that the collection
 *   is Paid and at least the amount, then sends that amount back to the wallet with Send Money
 *   under the refund's own reference (RecipientName is the number, as Hubtel allows when the name
 *   is not known); `verifyRefund` reads that transfer.
 * - No record of what was refunded of a collection: see `refundedBefore`.
 * - No signed callbacks: see hubtelCallbackUrl.
 * - No idempotency key: a repeated ClientReference is refused (code 4000) and the adapter then
 *   answers with the movement Hubtel already has under it.
 * - ClientReferences of at most 36 letters and digits: see hubtelClientReference.
 */
export function hubtelMobileMoneyProvider(settings: HubtelSettings): MobileMoneyProvider {
  const timeout = settings.timeoutMs ?? 30_000;
  const now = settings.now ?? (() => new Date());
  const base = (url: string | undefined, fallback: string) => (url ?? fallback).replace(/\/+$/, '');
  const hosts = {
    receive: base(settings.receiveBaseUrl, hubtelApiUrls.receive),
    receiveStatus: base(settings.statusBaseUrl, hubtelApiUrls.receiveStatus),
    send: base(settings.sendBaseUrl, hubtelApiUrls.send),
    sendStatus: base(settings.sendStatusBaseUrl, hubtelApiUrls.sendStatus),
  };
  const authorization = `Basic ${Buffer.from(`${settings.clientId}:${settings.clientSecret}`).toString('base64')}`;
  const pos = encodeURIComponent(settings.posSalesId);
  const prepaidAccount = () => {
    if (!settings.prepaidDepositId) throw refused('Hubtel sends money from a Prepaid Deposit account, and none is configured');
    return encodeURIComponent(settings.prepaidDepositId);
  };
  const callbackUrl = hubtelCallbackUrl(settings.callbackUrl, settings.callbackToken);

  /** One call to Hubtel. A POST asks for money to move, so how it failed decides the outcome; a GET only reads. */
  async function call(method: 'GET' | 'POST', url: string, payload?: object): Promise<Reply> {
    const moves = method === 'POST';
    try {
      const response = await fetch(url, {
        method,
        headers: { authorization, accept: 'application/json', 'cache-control': 'no-cache', ...(moves ? { 'content-type': 'application/json' } : {}) },
        body: payload === undefined ? null : JSON.stringify(payload),
        signal: AbortSignal.timeout(timeout),
      });
      const answer = await response.text();
      return { status: response.status, body: parsed(answer) };
    } catch (error) {
      const code = ((error as { cause?: { code?: string } }).cause ?? (error as { code?: string })).code;
      if (!moves || (code !== undefined && BEFORE_REQUEST.has(code))) {
        throw new MobileMoneyProviderError(`Hubtel unreachable: ${reasonOf(error)}`, true, { cause: error });
      }
      throw new MobileMoneyProviderError(`Hubtel did not answer: ${reasonOf(error)}`, false, { cause: error, outcome: 'unknown' });
    }
  }

  /**
   * Asks Hubtel to move money and reads its answer: 0001 pending, 0000 done. A 5xx, Hubtel's 5000
   * or an unreadable success may have come after the money started moving: unknown. A refusal
   * moved nothing, and only 429 may be asked again; a 4000 (validation, which is also how a
   * ClientReference already used is refused) is answered with the movement Hubtel already has.
   */
  async function start(kind: HubtelMovementKind, reference: string, amount: number, url: string, payload: object, filed: () => Promise<Movement | undefined>) {
    const { status, body } = await call('POST', url, payload);
    const code = text(body?.ResponseCode);
    const ok = status >= 200 && status < 300;
    if (ok && (code === '0000' || code === '0001')) return answered(reference, code === '0000' ? 'succeeded' : 'pending', body?.Data ?? {}, amount);
    const says = `Hubtel answered ${status}${code ? ` (code ${code})` : ''}: ${text(body?.Message) ?? text(body?.Data?.Description) ?? 'no message'}`;
    if (status >= 500 || code === '5000' || (ok && !code)) throw new MobileMoneyProviderError(says, false, { outcome: 'unknown' });
    if (code === '4000') {
      const existing = await filed();
      if (existing) return existing;
    }
    throw refused(`${says} (${kind} ${reference})`, status === 429);
  }

  /** Reads a status check: undefined when Hubtel has nothing under the reference. */
  async function read(url: URL, kind: HubtelMovementKind): Promise<Fields | undefined> {
    const { status, body } = await call('GET', url.toString());
    if (status === 404) return undefined;
    if (status < 200 || status >= 300) {
      // 401 and 403 are the keys or this server's address (Hubtel whitelists callers' IPs): asking again will not help.
      throw refused(`Hubtel's ${kind} status check answered ${status}: ${text(body?.message) ?? text(body?.Message) ?? 'no message'}`, status !== 401 && status !== 403);
    }
    return body?.data ?? body?.Data ?? undefined;
  }

  const statusUrl = (host: string, path: string, kind: HubtelMovementKind, reference: string) => {
    const url = new URL(`${host}${path}`);
    url.searchParams.set('clientReference', hubtelClientReference(kind, reference));
    return url;
  };

  async function findCollection(reference: string): Promise<Movement | undefined> {
    const data = await read(statusUrl(hosts.receiveStatus, `/transactions/${pos}/status`, 'collection', reference), 'collection');
    return data && collectionFrom(reference, data, now());
  }

  async function findTransfer(kind: 'payout' | 'refund', reference: string): Promise<Movement | undefined> {
    const data = await read(statusUrl(hosts.sendStatus, `/api/merchants/${prepaidAccount()}/transactions/status`, kind, reference), kind);
    return data && transferFrom(reference, data);
  }

  const found = async (kind: HubtelMovementKind, reference: string, movement: Promise<Movement | undefined>) => {
    const known = await movement;
    if (!known) throw refused(`Hubtel has no ${kind} under reference ${reference}`);
    return known;
  };

  /** Direct Send Money to a wallet, for a payout or a refund. */
  async function send(kind: 'payout' | 'refund', reference: string, wallet: Wallet, amount: number, recipientName: string, description: string) {
    const url = `${hosts.send}/api/merchants/${prepaidAccount()}/send/mobilemoney`;
    const payload = {
      RecipientName: recipientName,
      RecipientMsisdn: msisdn(wallet),
      Channel: channels[wallet.network],
      Amount: cedis(amount),
      PrimaryCallbackURL: callbackUrl,
      Description: promptText(description),
      ClientReference: hubtelClientReference(kind, reference),
    };
    return start(kind, reference, amount, url, payload, () => findTransfer(kind, reference));
  }

  return {
    name: 'hubtel',

    async collect(request) {
      const url = `${hosts.receive}/merchantaccount/merchants/${pos}/receive/mobilemoney`;
      const payload = {
        CustomerName: request.customerName,
        CustomerMsisdn: msisdn(request.wallet),
        Channel: channels[request.wallet.network],
        Amount: cedis(request.amount),
        PrimaryCallbackUrl: callbackUrl,
        Description: promptText(request.description),
        ClientReference: hubtelClientReference('collection', request.reference),
      };
      return start('collection', request.reference, request.amount, url, payload, () => findCollection(request.reference));
    },

    async submitOtp(reference) {
      throw refused(`Hubtel runs each network's approval itself and takes no OTP (collection ${reference})`);
    },

    verifyCollection: (reference) => found('collection', reference, findCollection(reference)),

    payout: (request) => send('payout', request.reference, request.wallet, request.amount, request.recipientName, request.reason),

    verifyPayout: (reference) => found('payout', reference, findTransfer('payout', reference)),

    async refund(request) {
      const collected = await findCollection(request.collectionReference);
      if (collected?.status !== 'succeeded') throw refused(`Hubtel shows no paid collection under ${request.collectionReference} to give back`);
      const before = (await settings.refundedBefore?.(request.collectionReference, request.reference)) ?? 0;
      if (before + request.amount > collected.amount) {
        throw refused(`A refund of ${request.amount} pesewas is more than the ${collected.amount - before} left of the ${collected.amount} collected under ${request.collectionReference}`);
      }
      return send('refund', request.reference, request.wallet, request.amount, msisdn(request.wallet), request.reason);
    },

    verifyRefund: (reference) => found('refund', reference, findTransfer('refund', reference)),

    verifyWebhook: (callback) => readHubtelCallback(settings.callbackToken, callback),
  };
}

function parsed(body: string): HubtelAnswer | undefined {
  try {
    const value: unknown = JSON.parse(body);
    return value !== null && typeof value === 'object' ? (value as HubtelAnswer) : undefined;
  } catch {
    return undefined;
  }
}

/** The failure in words, with the network's own reason (fetch puts it in `cause`). */
const reasonOf = (error: unknown) => {
  const cause = (error as { cause?: { message?: string } }).cause?.message;
  return cause ? `${(error as Error).message} (${cause})` : String((error as Error).message ?? error);
};

/** A movement as Hubtel's answer to a Receive or Send Money request gives it (Data: TransactionId, Amount, Charges). */
function answered(reference: string, status: MovementStatus, data: Fields, asked: number): Movement {
  return { reference, status, amount: pesewasIn(data.Amount) ?? asked, providerReference: text(data.TransactionId) ?? null, gatewayFee: feeIn(data.Charges), displayText: null };
}

/** An amount in a status check: without it the record says nothing Krom could act on. */
function recordedAmount(value: unknown, reference: string): number {
  const amount = pesewasIn(value);
  if (amount === undefined) throw refused(`Hubtel's record of ${reference} has no amount Krom can read: ${String(value)}`);
  return amount;
}

/**
 * A collection by the Transaction Status Check (data: status Paid, Unpaid or Refunded, amount,
 * charges, transactionId, date). Refunded is money given back outside Krom: not collected. An
 * unknown status is left pending rather than guessed.
 */
function collectionFrom(reference: string, data: Fields, at: Date): Movement {
  const recorded = { reference, amount: recordedAmount(data.amount, reference), providerReference: text(data.transactionId) ?? null, gatewayFee: feeIn(data.charges) };
  const status = String(data.status ?? '').toLowerCase();
  if (status === 'paid') return { ...recorded, status: 'succeeded', displayText: null };
  if (status === 'refunded') return { ...recorded, status: 'failed', displayText: 'Hubtel gave this payment back' };
  if (['failed', 'cancelled', 'declined', 'expired'].includes(status)) return { ...recorded, status: 'failed', displayText: null };
  const askedAt = Date.parse(String(data.date ?? ''));
  const lapsed = status === 'unpaid' && !Number.isNaN(askedAt) && at.getTime() - askedAt >= hubtelFinalStatusWindowMs;
  return lapsed ? { ...recorded, status: 'failed', displayText: 'The payment was not approved' } : { ...recorded, status: 'pending', displayText: null };
}

/** A payout or refund by the Send Money status check (Data: transactionStatus, Amount, Fees, TransactionId). */
function transferFrom(reference: string, data: Fields): Movement {
  const recorded = { reference, amount: recordedAmount(data.Amount, reference), providerReference: text(data.TransactionId) ?? null, gatewayFee: feeIn(data.Fees), displayText: null };
  const status = String(data.transactionStatus ?? '').toLowerCase();
  if (status === 'success' || status === 'successful') return { ...recorded, status: 'succeeded' };
  if (['failed', 'failure', 'declined', 'cancelled', 'reversed'].includes(status)) return { ...recorded, status: 'failed' };
  return { ...recorded, status: 'pending' };
}
