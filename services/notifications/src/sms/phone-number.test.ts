import { describe, expect, it } from 'vitest';
import { InvalidPhoneNumberError, toGhanaE164 } from './phone-number.ts';

describe('Ghana phone numbers for providers', () => {
  it.each([
    ['0241234567', '+233241234567'],
    ['0551234567', '+233551234567'],
    ['0201234567', '+233201234567'],
    [' 024 123 4567 ', '+233241234567'],
    ['+233241234567', '+233241234567'],
  ])('dials %s as %s', (input, e164) => {
    expect(toGhanaE164(input)).toBe(e164);
  });

  it.each(['024123456', '02412345678', '0901234567', '+14155550100', 'call me', ''])('refuses %j', (input) => {
    expect(() => toGhanaE164(input)).toThrow(InvalidPhoneNumberError);
  });
});
