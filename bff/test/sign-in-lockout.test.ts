import { signInLockedMessage } from '@krom/contracts/http/auth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BffSystem, browser, signedUp, startBff } from './bff-test-env.ts';

let system: BffSystem;
beforeAll(async () => {
  // A strict per-address limit: the attacker below stays under it by changing address every try.
  system = await startBff({ services: ['identity'], overrides: { RATE_LIMIT_PUBLIC_PER_MINUTE: '3' } });
});
afterAll(() => system.close());

describe('the per-account lock-out through /api/auth/login', () => {
  it('holds when the guesses come from a new address each time, and tells the owner why their right password is refused', async () => {
    const person = await signedUp(system.bff, browser(system.bff, '10.3.0.1'));
    const statuses: number[] = [];
    for (let i = 0; i < 10; i++) {
      const guess = await browser(system.bff, `10.3.1.${i + 1}`).post('/api/auth/login', { email: person.email, password: `Guess-${i}-Wrong` });
      statuses.push(guess.statusCode);
    }
    expect(statuses).toEqual([...Array(9).fill(401), 429]);

    const owner = await browser(system.bff, '10.3.2.1').post('/api/auth/login', { email: person.email, password: person.password });
    expect(owner.statusCode).toBe(429);
    expect(owner.json()).toMatchObject({ message: signInLockedMessage(15) });
    expect(owner.cookies).toHaveLength(0);
  });
});
