import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineEndpoint, defineForwarded } from './endpoint.ts';

const answers = { 200: z.object({}) };

describe('defineEndpoint', () => {
  it('admits one caller, or a list of the signed-in kinds', () => {
    for (const caller of ['public', 'guest', 'user', 'webhook'] as const) {
      expect(defineEndpoint({ method: 'GET', path: '/x', summary: 'x', caller, responses: answers }).caller).toBe(caller);
    }
    expect(defineEndpoint({ method: 'GET', path: '/x', summary: 'x', caller: 'staff', roles: ['finance'], responses: answers }).roles).toEqual(['finance']);
    expect(defineEndpoint({ method: 'GET', path: '/x', summary: 'x', caller: ['user', 'staff'], roles: ['support'], responses: answers }).caller).toEqual(['user', 'staff']);
  });

  it('refuses a staff endpoint without its staff roles, and roles on an endpoint staff cannot call', () => {
    const rule = 'GET /x: an endpoint admitting staff declares its staff roles, and only such an endpoint';
    expect(() => defineEndpoint({ method: 'GET', path: '/x', summary: 'x', caller: 'staff', responses: answers })).toThrow(rule);
    expect(() => defineEndpoint({ method: 'GET', path: '/x', summary: 'x', caller: ['user', 'staff'], roles: [], responses: answers })).toThrow(rule);
    expect(() => defineEndpoint({ method: 'GET', path: '/x', summary: 'x', caller: 'user', roles: ['support'], responses: answers })).toThrow(rule);
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
