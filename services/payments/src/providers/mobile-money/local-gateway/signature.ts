import { createHmac } from 'node:crypto';

/*
 * How the local gateway and its adapter recognise each other: the adapter sends the shared secret
 * as a Bearer token, and the gateway signs each callback with it (HMAC-SHA256 of the body's exact
 * bytes, hex, in this header), as the real gateways sign theirs.
 */
export const LOCAL_MOMO_SIGNATURE_HEADER = 'x-local-momo-signature';

export const localMomoSignature = (secret: string, rawBody: Buffer | string): string => createHmac('sha256', secret).update(rawBody).digest('hex');

/**
 * The voucher code "texted" for a Telecel collection: derived from the secret and the reference,
 * so nobody without the secret can work it out, and the same however often it is asked for.
 */
export const voucherCodeFor = (secret: string, reference: string): string =>
  String(createHmac('sha256', secret).update(`voucher:${reference}`).digest().readUInt32BE(0) % 1_000_000).padStart(6, '0');
