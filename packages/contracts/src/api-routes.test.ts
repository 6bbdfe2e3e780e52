import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { apiRoutesSource } from './api-routes-source.ts';
import * as routes from './api-routes.ts';
import * as auth from './api/auth.ts';
import * as rides from './api/rides.ts';

describe('api-routes.ts', () => {
  it('is what the endpoints of src/api say now (else run: npx tsx scripts/write-api-routes.ts)', async () => {
    expect(readFileSync(new URL('./api-routes.ts', import.meta.url), 'utf8')).toBe(await apiRoutesSource());
  });

  it('holds each endpoint under its own name, as its method and path only', () => {
    expect(routes.getRide).toEqual({ method: rides.getRide.method, path: rides.getRide.path });
    expect(routes.signIn).toEqual({ method: 'POST', path: auth.signIn.path });
    expect(Object.values(routes).every((route) => Object.keys(route).join() === 'method,path')).toBe(true);
  });
});
