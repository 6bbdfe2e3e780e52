import { describe, expect, it } from 'vitest';
import { ghanaPhoneField } from './fields.ts';
import { localGhanaPhone, typedGhanaPhone } from './ghana-phone.ts';

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

/** What a phone field shows after each keystroke, as a person types `text` one character at a time. */
const typedOneByOne = (text: string) => [...text].reduce((value, key) => typedGhanaPhone(value + key), '');

describe('a phone field as it is typed in', () => {
  it('keeps digits only, starts with 0 and stops at 10 digits', () => {
    expect(typedOneByOne('24a-123 45b67')).toBe('0241234567');
    expect(typedOneByOne('0241234567899')).toBe('0241234567');
  });

  it.each(['+233 24 123 4567', '00233 24-123-4567', '233241234567', '+233 (0)24 123 4567'])('reads %s, typed or pasted, as 0241234567', (text) => {
    expect(typedOneByOne(text)).toBe('0241234567');
    expect(typedGhanaPhone(text)).toBe('0241234567');
  });

  it('keeps a country code being typed, and another country\'s number as one', () => {
    expect(typedOneByOne('+23')).toBe('+23');
    expect(typedOneByOne('+44 7700 900123')).toBe('+447700900123');
    expect(ghanaPhoneField.safeParse(typedOneByOne('+44 7700 900123')).success).toBe(false);
  });
});
