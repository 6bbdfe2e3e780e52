import { describe, expect, it, vi } from 'vitest';

const randomInt = vi.hoisted(() => vi.fn());
vi.mock('node:crypto', async (importOriginal) => ({ ...(await importOriginal<typeof import('node:crypto')>()), randomInt }));

const { generateCode } = await import('./generate-code.ts');

describe('generating a code', () => {
  it('draws from crypto.randomInt over all 10 000 four-digit codes', () => {
    randomInt.mockReturnValueOnce(4821);
    expect(generateCode()).toBe('4821');
    expect(randomInt).toHaveBeenCalledWith(0, 10_000);
  });

  it('keeps leading zeros, so every code has four digits', () => {
    randomInt.mockReturnValueOnce(7).mockReturnValueOnce(0);
    expect(generateCode()).toBe('0007');
    expect(generateCode()).toBe('0000');
  });
});
