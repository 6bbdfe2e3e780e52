import { describe, expect, it } from 'vitest';
import { afterEarlierRefunds, policySplit } from './refund-policy.ts';

const paid = { farePesewas: 12_001, feePesewas: 600 };
const departure = new Date('2026-12-01T08:00:00Z');
const hoursBefore = (hours: number) => new Date(departure.getTime() - hours * 3_600_000);

describe('policySplit', () => {
  it('gives the fare back more than 24 hours before departure, keeping the fee', () => {
    expect(policySplit('cancelled_by_passenger', paid, departure, hoursBefore(25))).toEqual({ rule: 'full', fareRefund: 12_001, feeRefund: 0, driverShare: 0, feeKept: 600 });
  });

  it('gives half the fare back (rounded down) less than 24 hours before, the rest to the driver', () => {
    expect(policySplit('cancelled_by_passenger', paid, departure, hoursBefore(23))).toEqual({ rule: 'half', fareRefund: 6_000, feeRefund: 0, driverShare: 6_001, feeKept: 600 });
  });

  it('gives nothing back after departure: the fare is the driver\'s, the fee Krom\'s', () => {
    expect(policySplit('cancelled_by_passenger', paid, departure, hoursBefore(-1))).toEqual({ rule: 'none', fareRefund: 0, feeRefund: 0, driverShare: 12_001, feeKept: 600 });
  });

  it.each(['cancelled_by_driver', 'cancelled', 'declined', 'expired', 'late_payment', 'not_boarded'] as const)('gives everything back, the fee included, when %s', (cause) => {
    expect(policySplit(cause, paid, departure, hoursBefore(1))).toEqual({ rule: 'everything', fareRefund: 12_001, feeRefund: 600, driverShare: 0, feeKept: 0 });
  });
});

describe('afterEarlierRefunds', () => {
  it('gives back less by what staff gave back already, the fee part first', () => {
    const split = policySplit('cancelled_by_driver', paid, departure, hoursBefore(1));
    expect(afterEarlierRefunds(split, 1_000)).toMatchObject({ feeRefund: 0, fareRefund: 11_601 });
  });

  it('takes what staff gave past the policy out of the fee kept and then the driver\'s share', () => {
    const split = policySplit('cancelled_by_passenger', paid, departure, hoursBefore(23));
    expect(afterEarlierRefunds(split, 7_000)).toEqual({ rule: 'half', fareRefund: 0, feeRefund: 0, feeKept: 0, driverShare: 6_001 - 400 });
  });
});
