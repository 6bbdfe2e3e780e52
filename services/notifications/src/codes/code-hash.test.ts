import { describe, expect, it } from 'vitest';
import { codeHashKey, codeMatches, hashCode, newCodeSalt } from './code-hash.ts';

const key = codeHashKey('x'.repeat(32));

describe('code hashes', () => {
  it('match the code they were made from and no other', () => {
    const salt = newCodeSalt();
    const hash = hashCode(key, salt, '0427');
    expect(codeMatches(key, salt, '0427', hash)).toBe(true);
    expect(codeMatches(key, salt, '0428', hash)).toBe(false);
    expect(codeMatches(key, salt, '', hash)).toBe(false);
  });

  it('differ for the same code under another salt or another secret', () => {
    const salt = newCodeSalt();
    expect(newCodeSalt()).not.toBe(salt);
    expect(hashCode(key, newCodeSalt(), '1234')).not.toBe(hashCode(key, salt, '1234'));
    expect(hashCode(codeHashKey('y'.repeat(32)), salt, '1234')).not.toBe(hashCode(key, salt, '1234'));
  });

  it('refuse a stored hash of the wrong length instead of throwing', () => {
    expect(codeMatches(key, 'salt', '1234', 'abcd')).toBe(false);
  });
});
