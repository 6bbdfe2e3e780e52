import { createHash } from 'node:crypto';

/**
 * A UUID (v5) derived from a fixed namespace and a name: the id a fact is handled and logged
 * under when it may arrive twice under two event ids (a match told again, a change told again),
 * so it is still told once.
 */
export function derivedEventId(namespace: Buffer, name: string): string {
  const hash = createHash('sha1').update(namespace).update(name).digest();
  hash[6] = (hash[6]! & 0x0f) | 0x50;
  hash[8] = (hash[8]! & 0x3f) | 0x80;
  const hex = hash.subarray(0, 16).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
