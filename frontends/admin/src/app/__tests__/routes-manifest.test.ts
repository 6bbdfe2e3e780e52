import { manifestMismatches, servedPaths } from '@krom/ui-kit/testing/remote-routes.ts';
import { describe, expect, it } from 'vitest';
import { routes } from '../routes.tsx';
import { routesManifest } from '../routes-manifest.ts';

describe('routes manifest', () => {
  it('declares exactly the paths the route subtree serves (the shell routes visits by it)', () => {
    expect(servedPaths(routes).length).toBeGreaterThan(0);
    expect(manifestMismatches(routesManifest, routes)).toEqual([]);
  });
});
