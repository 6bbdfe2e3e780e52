import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineEndpoint, defineForwarded } from './endpoint.ts';

const answers = { 200: z.object({}) };

describe('defineEndpoint', () => {
  it('admits one caller, or a list of the signed-in kinds', () => {
    for (const caller of ['public', 'guest', 'user', 'staff', 'webhook'] as const) {
      expect(defineEndpoint({ method: 'GET', path: '/x', summary: 'x', caller, responses: answers }).caller).toBe(caller);
    }
    expect(defineEndpoint({ method: 'GET', path: '/x', summary: 'x', caller: ['user', 'staff'], responses: answers }).caller).toEqual(['user', 'staff']);
  });

  it('refuses a list that joins an open caller to a signed-in one, which the BFF would leave unchecked', () => {
    for (const caller of [['user', 'webhook'], ['staff', 'public'], ['guest', 'user'], []] as const) {
      expect(() => defineEndpoint({ method: 'POST', path: '/x', summary: 'x', caller, responses: answers })).toThrow(
        'POST /x: a caller list may only join user and staff',
      );
    }
  });

  it('holds a forwarded endpoint to the same rule', () => {
    const route = defineEndpoint({ method: 'GET', path: '/things', summary: 'things', caller: 'user', responses: answers });
    expect(defineForwarded(route).path).toBe('/api/things');
    expect(() => defineForwarded(route, { caller: ['user', 'public'] })).toThrow('GET /api/things: a caller list may only join user and staff');
  });
});
