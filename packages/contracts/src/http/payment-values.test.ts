import { describe, expect, it } from 'vitest';
import { serviceFeePesewas } from './payment-values.ts';

describe('the service fee', () => {
  it('is 5% of the fare, rounded up to the pesewa, at least GH₵1', () => {
    expect(serviceFeePesewas(5000)).toBe(250);
    expect(serviceFeePesewas(4999)).toBe(250);
    expect(serviceFeePesewas(4980)).toBe(249);
    expect(serviceFeePesewas(1000)).toBe(100);
    expect(serviceFeePesewas(100)).toBe(100);
    expect(serviceFeePesewas(0)).toBe(0);
  });

  it('refuses a fare that is not whole pesewas', () => {
    expect(() => serviceFeePesewas(10.5)).toThrow(RangeError);
    expect(() => serviceFeePesewas(-1)).toThrow(RangeError);
  });
});
