import { createHmac } from 'node:crypto';
import { CallbackRefusedError, type ProviderCallback } from '@krom/server-kit/providers';
import { z } from 'zod';
import { requireSignature } from './callback-signature.ts';
import type { CallbackNotice } from './port.ts';

export const PAYSTACK_SIGNATURE_HEADER = 'x-paystack-signature';

/** The signature Paystack puts on an event: HMAC-SHA512 of the body's bytes, keyed with the secret key, in hex. */
export const paystackSignature = (secretKey: string, rawBody: Buffer): string => createHmac('sha512', secretKey).update(rawBody).digest('hex');

/**
 * The events the adapter reads (paystack.com/docs/payments/webhooks, the examples in
 * PaystackOSS/doc-code-snippets dist/doc/payments/webhooks/events.js and refunds/events.js):
 * `charge.success` and `transfer.*` name Krom's own reference in `data.reference`; `refund.*`
 * name only the refunded transaction's, in `data.transaction_reference`.
 */
const event = z.object({ event: z.string(), data: z.object({ reference: z.string().nullish(), transaction_reference: z.string().nullish() }) });

/**
 * Checks an event's signature over the exact bytes received (a re-serialised body would not
 * match byte for byte) in constant time, then reads which movement it is about. Events about
 * nothing the adapter starts (subscriptions, disputes, …) answer null.
 */
export function readPaystackWebhook(secretKey: string, callback: ProviderCallback): CallbackNotice | null {
  requireSignature(callback.headers[PAYSTACK_SIGNATURE_HEADER], paystackSignature(secretKey, callback.rawBody));

  let parsed: z.infer<typeof event>;
  try {
    parsed = event.parse(JSON.parse(callback.rawBody.toString('utf8')));
  } catch {
    throw new CallbackRefusedError(400, 'The callback is not a Paystack event');
  }
  const { reference, transaction_reference: transactionReference } = parsed.data;
  const named = (value: string | null | undefined) => {
    if (!value) throw new CallbackRefusedError(400, `The ${parsed.event} event names no reference`);
    return value;
  };
  if (parsed.event === 'charge.success') return { kind: 'collection', reference: named(reference) };
  if (parsed.event.startsWith('transfer.')) return { kind: 'payout', reference: named(reference) };
  if (parsed.event.startsWith('refund.')) {
    const collectionReference = named(transactionReference);
    return { kind: 'refund', reference: collectionReference, collectionReference };
  }
  return null;
}
