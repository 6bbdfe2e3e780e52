import { rideMessages } from '@krom/contracts/http/rides';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { validateEditRide } from '../edit-ride-rules.ts';

const values = { departureDate: '2030-11-28', departureTime: '07:30', availableSeats: '3', pricePerSeat: '120.00', description: '' };
const at = (iso: string) => () => new Date(iso);


// Today is 2030-01-15 here (only the date is faked): the 2030 rides are within the 12 months ahead a departure may be.
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2030-01-15T09:00:00Z'));
});
afterEach(() => vi.useRealTimers());
describe('validateEditRide', () => {
  it('passes a future ride within the vehicle, parsed as the contract sends it', () => {
    expect(validateEditRide({ totalSeats: 4 }, at('2030-11-28T07:29:00Z'))(values)).toEqual({
      request: { departureDate: '2030-11-28', departureTime: '07:30', availableSeats: 3, pricePerSeat: '120.00', description: '' },
      errors: {},
    });
  });

  it('refuses a departure that is no longer ahead (Ghana time is UTC)', () => {
    expect(validateEditRide({ totalSeats: 4 }, at('2030-11-28T07:30:00Z'))(values)).toEqual({ request: null, errors: { departureDate: rideMessages.pastDeparture } });
  });

  it("refuses more passengers than the car's passenger seats (totalSeats), in the one wording", () => {
    const checked = validateEditRide({ totalSeats: 1 }, at('2026-01-01T00:00:00Z'))({ ...values, availableSeats: '2' });
    expect(checked).toEqual({ request: null, errors: { availableSeats: 'Available seats must be 1' } });
    for (const typed of ['9', '0', '']) {
      expect(validateEditRide({ totalSeats: 6 }, at('2026-01-01T00:00:00Z'))({ ...values, availableSeats: typed }).errors).toEqual({
        availableSeats: 'Available seats must be between 1 and 6',
      });
    }
  });
});
