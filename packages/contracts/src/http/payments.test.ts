import { describe, expect, it } from 'vitest';
import { createPaymentMethodRequestSchema, suggestMobileMoneyProvider } from './payments.ts';

describe('suggestMobileMoneyProvider', () => {
  it.each([
    ['024', 'mtn'],
    ['025', 'mtn'],
    ['053', 'mtn'],
    ['054', 'mtn'],
    ['055', 'mtn'],
    ['059', 'mtn'],
    ['020', 'vodafone'],
    ['050', 'vodafone'],
    ['026', 'airteltigo'],
    ['027', 'airteltigo'],
    ['056', 'airteltigo'],
    ['057', 'airteltigo'],
  ] as const)('suggests %s… as %s', (prefix, provider) => {
    expect(suggestMobileMoneyProvider(`${prefix}1234567`)).toBe(provider);
    // As soon as the prefix is typed, before the rest of the number.
    expect(suggestMobileMoneyProvider(prefix)).toBe(provider);
  });

  it.each([
    ['+233 24 123 4567', 'mtn'],
    ['233501234567', 'vodafone'],
    ['00233 27 123 4567', 'airteltigo'],
    ['055-123-4567', 'mtn'],
    [' 020 123 4567 ', 'vodafone'],
    // The E.164 form an inbound SMS's sender comes in (BOOK by SMS pays from the sender's number).
    ['+233244123456', 'mtn'],
    ['+233201234567', 'vodafone'],
    ['+233561234567', 'airteltigo'],
  ] as const)('reads %j in international or spaced form as %s', (number, provider) => {
    expect(suggestMobileMoneyProvider(number)).toBe(provider);
  });

  it.each(['', '0', '02', '+233', '+2332', '+233302123456', '030 123 4567', '028 123 4567', '058 123 4567', '0233 123 456', 'abc', '24 123 4567'])(
    'suggests nothing for %j',
    (number) => {
      expect(suggestMobileMoneyProvider(number)).toBeUndefined();
    },
  );
});

describe('createPaymentMethodRequestSchema', () => {
  it('accepts a number with its network', () => {
    expect(createPaymentMethodRequestSchema.parse({ provider: 'mtn', number: ' 0241234567 ' })).toEqual({ provider: 'mtn', number: '0241234567' });
  });

  it.each([
    [{ provider: 'mpesa', number: '0241234567' }, 'Please choose a mobile money network'],
    [{ number: '0241234567' }, 'Please choose a mobile money network'],
    [{ provider: 'mtn', number: '024123456' }, 'Please enter a valid 10-digit Ghana phone number starting with 0'],
    [{ provider: 'mtn' }, 'Please enter a valid 10-digit Ghana phone number starting with 0'],
  ])('refuses %j with %s', (body, message) => {
    const result = createPaymentMethodRequestSchema.safeParse(body);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(message);
  });
});
