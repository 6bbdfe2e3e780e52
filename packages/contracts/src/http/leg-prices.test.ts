import { describe, expect, it } from 'vitest';
import { friendlyLegPesewas, legPrice, legShare, parseLegKey } from './leg-prices.ts';

const accra = { latitude: 5.6037, longitude: -0.187 };
const nkawkaw = { latitude: 6.55, longitude: -0.7667 };
const kumasi = { latitude: 6.6885, longitude: -1.6244 };
const unplaced = { latitude: null, longitude: null };

describe('a leg’s share of the route', () => {
  it('is its part of the great-circle distance through the places', () => {
    // Accra → Nkawkaw is 123 km of the 219 km through Nkawkaw to Kumasi.
    expect(legShare([accra, nkawkaw, kumasi], 0, 1)).toBeCloseTo(123.2 / 219.19, 3);
    expect(legShare([accra, nkawkaw, kumasi], 1, 2)).toBeCloseTo(95.98 / 219.19, 3);
    expect(legShare([accra, nkawkaw, kumasi], 0, 2)).toBe(1);
  });

  it('puts a stop without coordinates evenly between its located neighbours', () => {
    expect(legShare([accra, unplaced, kumasi], 0, 1)).toBeCloseTo(0.5, 6);
    expect(legShare([accra, unplaced, unplaced, nkawkaw, kumasi], 0, 2)).toBeCloseTo((2 / 3) * (123.2 / 219.19), 3);
  });

  it('counts every leg the same when the route’s ends cannot be placed', () => {
    expect(legShare([unplaced, nkawkaw, kumasi], 0, 1)).toBe(0.5);
    expect(legShare([accra, nkawkaw, kumasi, unplaced], 1, 3)).toBeCloseTo(2 / 3, 6);
    // No length at all: the same.
    expect(legShare([accra, accra, accra], 1, 2)).toBe(0.5);
  });
});

describe('friendly amounts', () => {
  it('round to the cedi below GH₵20 and to GH₵5 from there', () => {
    expect(friendlyLegPesewas(1349, 12000)).toBe(1300);
    expect(friendlyLegPesewas(1350, 12000)).toBe(1400);
    expect(friendlyLegPesewas(1999, 12000)).toBe(2000);
    expect(friendlyLegPesewas(2249, 12000)).toBe(2000);
    expect(friendlyLegPesewas(6745, 12000)).toBe(6500);
    expect(friendlyLegPesewas(5255, 12000)).toBe(5500);
  });

  it('are never 0 nor above the full price', () => {
    expect(friendlyLegPesewas(20, 12000)).toBe(100);
    expect(friendlyLegPesewas(11800, 12000)).toBe(12000);
    expect(friendlyLegPesewas(40, 50)).toBe(50);
  });
});

describe('a leg’s price', () => {
  const ride = { pricePerSeat: '120.00', places: [accra, nkawkaw, kumasi] };

  it('is the ride’s price times the leg’s share, friendly', () => {
    expect(legPrice(ride, 0, 1)).toBe('65.00');
    expect(legPrice(ride, 1, 2)).toBe('55.00');
    expect(legPrice({ ...ride, pricePerSeat: '30' }, 1, 2)).toBe('13.00');
  });

  it('is exactly the ride’s price for the whole route, even an unfriendly one', () => {
    expect(legPrice({ ...ride, pricePerSeat: '123.45' }, 0, 2)).toBe('123.45');
    expect(legPrice({ ...ride, pricePerSeat: '123.45', legPrices: { '0-2': '50' } }, 0, 2)).toBe('123.45');
  });

  it('is the driver’s for a leg they priced, the computed one for the others', () => {
    const priced = { ...ride, legPrices: { '1-2': '40.50' } };
    expect(legPrice(priced, 1, 2)).toBe('40.50');
    expect(legPrice(priced, 0, 1)).toBe('65.00');
  });

  it('refuses a leg the route does not have', () => {
    expect(() => legPrice(ride, 1, 1)).toThrow(RangeError);
    expect(() => legPrice(ride, 2, 1)).toThrow(RangeError);
    expect(() => legPrice(ride, 0, 3)).toThrow(RangeError);
    expect(() => legPrice(ride, -1, 1)).toThrow(RangeError);
  });
});

describe('leg keys', () => {
  it('read back as the places they name', () => {
    expect(parseLegKey('1-3')).toEqual([1, 3]);
    expect(parseLegKey('1-x')).toBeUndefined();
    expect(parseLegKey(' 1-3')).toBeUndefined();
  });
});
