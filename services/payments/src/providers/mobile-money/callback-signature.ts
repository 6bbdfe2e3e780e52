import { timingSafeEqual } from 'node:crypto';
import { CallbackRefusedError } from '@krom/server-kit/providers';

/**
 * Refuses a callback whose signature header is missing (401) or is not the one worked out from its
 * exact bytes (403), comparing in constant time so the answer's timing tells a forger nothing.
 */
export function requireSignature(given: string | undefined, expected: string): void {
  if (!given) throw new CallbackRefusedError(401, 'The callback is not signed');
  const expectedBytes = Buffer.from(expected);
  const givenBytes = Buffer.from(given);
  if (givenBytes.length !== expectedBytes.length || !timingSafeEqual(givenBytes, expectedBytes)) throw new CallbackRefusedError(403, 'The callback signature does not match');
}
