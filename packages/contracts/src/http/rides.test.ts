import { describe, expect, it } from 'vitest';
import { rideMessages } from './rides.ts';

describe('the price cap messages', () => {
  it('write the cap as every screen writes cedis, grouped by thousands', () => {
    expect(rideMessages.priceAboveCap('1350.00')).toBe(
      'Price per seat cannot be more than GH₵1,350.00 for this route. Krom prices share the cost of the trip; they are not for profit.',
    );
    expect(rideMessages.priceAboveShortTripCap('1350.00', 'Wli')).toMatch(/^Price per seat cannot be more than GH₵1,350\.00: Krom cannot find Wli/);
  });
});
