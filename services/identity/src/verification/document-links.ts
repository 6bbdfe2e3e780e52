import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';
import { documentLinkSeconds } from '@krom/contracts/http/verification';

/**
 * Short-lived links to verification photos. A link names the document and its expiry (unix
 * seconds) and carries an HMAC-SHA256 of `${documentId}.${expires}` (base64url) under a key
 * derived from the service's internal secret, so only identity makes them and a link cannot be
 * stretched or moved to another document. Who may follow one is still checked on every read.
 */
export type DocumentLinks = {
  /** The link as the browser uses it (through the BFF), valid `documentLinkSeconds` from `now`. */
  sign(documentId: string, now?: Date): { url: string; expiresAt: Date };
  /** 'valid', 'expired' (signature right, time passed) or 'invalid' (missing or wrong signature). */
  check(documentId: string, expires: string | undefined, signature: string | undefined, now?: Date): 'valid' | 'expired' | 'invalid';
};

export const documentUrl = (documentId: string) => `/api/verification/documents/${documentId}`;

export function documentLinks(internalSecret: string): DocumentLinks {
  // Its own key, not the assertion secret itself: a link signature can never pass for anything else.
  const key = Buffer.from(hkdfSync('sha256', internalSecret, 'krom-identity', 'verification-document-links-v1', 32));
  const signatureOf = (documentId: string, expires: string) => createHmac('sha256', key).update(`${documentId}.${expires}`).digest('base64url');

  return {
    sign(documentId, now = new Date()) {
      const expires = Math.floor(now.getTime() / 1000) + documentLinkSeconds;
      const query = new URLSearchParams({ expires: String(expires), signature: signatureOf(documentId, String(expires)) });
      return { url: `${documentUrl(documentId)}?${query}`, expiresAt: new Date(expires * 1000) };
    },
    check(documentId, expires, signature, now = new Date()) {
      if (!expires || !signature) return 'invalid';
      // Compared as text, in constant time (base64url decoding would skip stray characters).
      const expected = Buffer.from(signatureOf(documentId, expires));
      const given = Buffer.from(signature);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return 'invalid';
      return Number(expires) * 1000 <= now.getTime() ? 'expired' : 'valid';
    },
  };
}
