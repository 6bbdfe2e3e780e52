import { describe, expect, it } from 'vitest';
import { ghanaPhoneField } from './fields.ts';
import { localGhanaPhone } from './ghana-phone.ts';

describe('a Ghana phone number as typed', () => {
  it.each([
    '0241234567',
    '024 123 4567',
    '024-123-4567',
    '+233 24 123 4567',
    '+233241234567',
    '233241234567',
    '00233 24 123 4567',
    '+233 (0)24 123 4567',
  ])('%s is stored as 0241234567', (typed) => {
    expect(ghanaPhoneField.parse(typed)).toBe('0241234567');
  });

  it('keeps a local Glo number that starts 0233 as it is', () => {
    expect(ghanaPhoneField.parse('0233241234')).toBe('0233241234');
  });

  it.each(['+44 7700 900123', '24 123 4567', '+233 24 123 456', '0141234567', '+233 14 123 4567', '024123456789', 'phone'])('refuses %s', (typed) => {
    const result = ghanaPhoneField.safeParse(typed);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe('Please enter a valid 10-digit Ghana phone number starting with 0');
  });

  it('gives back what it cannot read without its separators, never a different number', () => {
    expect(localGhanaPhone('+44 7700 900123')).toBe('+447700900123');
  });
});
