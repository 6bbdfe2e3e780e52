import { createHmac, hkdfSync, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * The key codes are hashed under, derived from the service's secret. Four digits are 10 000
 * guesses, so a plain salted hash would fall to anyone holding the table; a keyed one needs
 * the secret too. Rotating the secret voids the codes of the last ten minutes, nothing else.
 */
export function codeHashKey(secret: string): Buffer {
  return Buffer.from(hkdfSync('sha256', secret, 'krom-notifications', 'verification-code-hmac-v1', 32));
}

/** A fresh per-code salt, so two equal codes never share a hash. */
export const newCodeSalt = () => randomBytes(16).toString('hex');

export function hashCode(key: Buffer, salt: string, code: string): string {
  return createHmac('sha256', key).update(`${salt}:${code}`).digest('hex');
}

/** Compares in constant time, so the answer's timing says nothing about how close a guess was. */
export function codeMatches(key: Buffer, salt: string, code: string, expectedHash: string): boolean {
  const actual = Buffer.from(hashCode(key, salt, code), 'hex');
  const expected = Buffer.from(expectedHash, 'hex');
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}
