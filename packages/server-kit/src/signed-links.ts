import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';

/**
 * Short-lived links to private files (verification photos, ticket attachments). A link names its
 * object and its expiry (unix seconds) and carries an HMAC-SHA256 of `${id}.${expires}`
 * (base64url) under a key derived from the service's internal secret for this one use (`salt`,
 * `info`), so only the service makes them and a link cannot be stretched or moved to another
 * object. Who may follow one is still checked on every read.
 */
export type SignedLinks = {
  /** The link as the browser uses it (through the BFF), valid `seconds` from `now`. */
  sign(id: string, now?: Date): { url: string; expiresAt: Date };
  /** 'valid', 'expired' (signature right, time passed) or 'invalid' (missing or wrong signature). */
  check(id: string, expires: string | undefined, signature: string | undefined, now?: Date): 'valid' | 'expired' | 'invalid';
};

export function signedLinks(options: { secret: string; salt: string; info: string; seconds: number; urlOf: (id: string) => string }): SignedLinks {
  // Its own key, not the assertion secret itself: a link signature can never pass for anything else.
  const key = Buffer.from(hkdfSync('sha256', options.secret, options.salt, options.info, 32));
  const signatureOf = (id: string, expires: string) => createHmac('sha256', key).update(`${id}.${expires}`).digest('base64url');

  return {
    sign(id, now = new Date()) {
      const expires = Math.floor(now.getTime() / 1000) + options.seconds;
      const query = new URLSearchParams({ expires: String(expires), signature: signatureOf(id, String(expires)) });
      return { url: `${options.urlOf(id)}?${query}`, expiresAt: new Date(expires * 1000) };
    },
    check(id, expires, signature, now = new Date()) {
      if (!expires || !signature) return 'invalid';
      // Compared as text, in constant time (base64url decoding would skip stray characters).
      const expected = Buffer.from(signatureOf(id, expires));
      const given = Buffer.from(signature);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return 'invalid';
      return Number(expires) * 1000 <= now.getTime() ? 'expired' : 'valid';
    },
  };
}
