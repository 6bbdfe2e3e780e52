import { describe, expect, it } from 'vitest';
import { maskLicensePlate } from './vehicles.ts';

describe('a licence plate shown in part', () => {
  it('keeps the region and the last two characters, every other character a dot', () => {
    expect(maskLicensePlate('GR-1234-20')).toBe('GR-••••-20');
    expect(maskLicensePlate('GR-1234')).toBe('GR-••34');
    expect(maskLicensePlate('GN-4821-Z')).toBe('GN-•••1-Z');
    expect(maskLicensePlate('AS-7-19')).toBe('AS-•-19');
  });
});
