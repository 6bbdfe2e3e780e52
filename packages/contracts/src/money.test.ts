import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  formatCedis,
  formatCedisForSms,
  formatMoney,
  formatMoneyForSms,
  isCediAmount,
  maxPesewas,
  rideTotal,
  toDecimalCedis,
  toPesewas,
} from './money.ts';

const pesewas = fc.integer({ min: 0, max: maxPesewas });

describe('toPesewas', () => {
  it.each([
    ['1250.5', 125050],
    ['1250.50', 125050],
    ['1250', 125000],
    [' 45 ', 4500],
    ['0.01', 1],
    ['0', 0],
    ['999999999999.99', maxPesewas],
    [1250.5, 125050],
    [0.29, 29],
    [1.15, 115],
    [4.35, 435],
  ] as const)('reads %j as %d pesewas, exactly', (amount, expected) => {
    expect(toPesewas(amount)).toBe(expected);
  });

  it.each([
    ['-1', 'a negative amount'],
    [-0.5, 'a negative number'],
    ['1000000000000', 'an amount over 999,999,999,999.99 cedis'],
    [1e21, 'a number too large to write without an exponent'],
    ['12.345', 'a third decimal'],
    [0.1 + 0.2, 'a float sum that is not a pesewa amount'],
    ['1e3', 'an exponent'],
    ['1,250.00', 'grouped text'],
    ['GH₵12', 'a currency sign'],
    ['', 'nothing'],
    ['.5', 'no whole cedis'],
    [Number.NaN, 'not a number'],
    [Number.POSITIVE_INFINITY, 'infinity'],
  ] as const)('refuses %j (%s)', (amount, _why) => {
    expect(() => toPesewas(amount)).toThrow(RangeError);
    expect(isCediAmount(amount)).toBe(false);
  });

  it('adds 0.1 and 0.2 cedis to 0.30, where floats make 0.30000000000000004', () => {
    expect(toDecimalCedis(toPesewas('0.1') + toPesewas('0.2'))).toBe('0.30');
    expect(toDecimalCedis(toPesewas(0.1) + toPesewas(0.2))).toBe(toDecimalCedis(toPesewas(0.3)));
  });

  it('reads back every amount it writes (round trip), and every number of cedis with two decimals', () => {
    fc.assert(fc.property(pesewas, (amount) => toPesewas(toDecimalCedis(amount)) === amount));
    // A cedi number as JavaScript holds it (cents / 100) is read as those cents, never one off.
    fc.assert(fc.property(fc.integer({ min: 0, max: 9_007_199_254_740 }), (cents) => toPesewas(cents / 100) === cents));
  });
});

describe('toDecimalCedis', () => {
  it.each([
    [125050, '1250.50'],
    [1, '0.01'],
    [10, '0.10'],
    [0, '0.00'],
    [maxPesewas, '999999999999.99'],
  ])('writes %d pesewas as %s', (amount, text) => {
    expect(toDecimalCedis(amount)).toBe(text);
  });

  it.each([-1, 0.5, maxPesewas + 1, Number.NaN])('refuses %d pesewas', (amount) => {
    expect(() => toDecimalCedis(amount)).toThrow(RangeError);
  });

  it('writes two decimals always, as numeric(…, 2) does', () => {
    fc.assert(fc.property(pesewas, (amount) => /^\d+\.\d{2}$/.test(toDecimalCedis(amount))));
  });
});

describe('rideTotal', () => {
  it.each([
    ['120.50', 3, '361.50'],
    ['0.10', 3, '0.30'],
    ['1250', 4, '5000.00'],
    ['45.5', 0, '0.00'],
    // 19.99 × 3 in floats is 59.97000000000001.
    [19.99, 3, '59.97'],
  ] as const)('%j × %d seats is %s', (price, seats, total) => {
    expect(rideTotal(price, seats)).toBe(total);
  });

  it('is the price added once per seat, in pesewas', () => {
    const price = fc.integer({ min: 0, max: 10_000_000 });
    fc.assert(
      fc.property(price, fc.integer({ min: 0, max: 8 }), (pricePesewas, seats) => {
        const text = toDecimalCedis(pricePesewas);
        const added = Array.from({ length: seats }, () => toPesewas(text)).reduce((sum, one) => sum + one, 0);
        return rideTotal(text, seats) === toDecimalCedis(added);
      }),
    );
  });

  it('refuses a fraction of a seat, negative seats, and a total past the largest amount', () => {
    expect(() => rideTotal('10', 1.5)).toThrow(RangeError);
    expect(() => rideTotal('10', -1)).toThrow(RangeError);
    expect(() => rideTotal('999999999999.99', 2)).toThrow(RangeError);
  });
});

describe('cedis as people read them', () => {
  it.each([
    ['1250', 'GH₵1,250.00', 'GHS 1,250.00'],
    ['1250.5', 'GH₵1,250.50', 'GHS 1,250.50'],
    [45, 'GH₵45.00', 'GHS 45.00'],
    ['0.05', 'GH₵0.05', 'GHS 0.05'],
    ['999.99', 'GH₵999.99', 'GHS 999.99'],
    ['1000', 'GH₵1,000.00', 'GHS 1,000.00'],
    ['1234567.8', 'GH₵1,234,567.80', 'GHS 1,234,567.80'],
    ['999999999999.99', 'GH₵999,999,999,999.99', 'GHS 999,999,999,999.99'],
  ] as const)('%j is %s on a screen and %s in an SMS', (amount, screen, sms) => {
    expect(formatCedis(amount)).toBe(screen);
    expect(formatMoney(amount)).toBe(screen);
    expect(formatCedisForSms(amount)).toBe(sms);
    expect(formatMoneyForSms(amount, 'GHS')).toBe(sms);
  });

  it('writes another currency by its code', () => {
    expect(formatMoney('1250', 'USD')).toBe('USD 1,250.00');
    expect(formatMoneyForSms('1250', 'USD')).toBe('USD 1,250.00');
  });

  it('groups every amount by thousands and keeps its value', () => {
    fc.assert(
      fc.property(pesewas, (amount) => {
        const shown = formatCedis(toDecimalCedis(amount));
        return /^GH₵\d{1,3}(,\d{3})*\.\d{2}$/.test(shown) && toPesewas(shown.slice(3).replaceAll(',', '')) === amount;
      }),
    );
  });

  it('refuses to write what is not an amount rather than show a wrong price', () => {
    expect(() => formatCedis('abc')).toThrow(RangeError);
    expect(() => formatCedisForSms('-5')).toThrow(RangeError);
  });
});
