import { createHash, createHmac, hkdfSync } from 'node:crypto';

/*
 * A trip link's token is the HMAC-SHA256 of its share's id under a key only rides holds (256
 * bits, base64url): unguessable without the key, never stored (only its SHA-256 is), and made
 * again from the share's id when the link is shown or texted later. The key is derived from the
 * service's secret, so ending that secret's use ends every link with it.
 */

export type TripLinkKey = Buffer;

/** The key trip links are made with, derived from the service's secret for this one use. */
export const tripLinkKey = (serviceSecret: string): TripLinkKey =>
  Buffer.from(hkdfSync('sha256', serviceSecret, 'krom-rides', 'trip links', 32));

export const tripLinkToken = (key: TripLinkKey, shareId: string): string => createHmac('sha256', key).update(shareId).digest('base64url');

/** What is stored of a token, and what a link is looked up by. */
export const tripTokenHash = (token: string): string => createHash('sha256').update(token).digest('hex');
