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

describe('manifest check', () => {
  it('names a screen left out of the manifest and a declared path nothing serves', () => {
    // The real manifest with one screen left out and one path added that no screen serves.
    const paths = [...routesManifest.paths.filter((path) => path !== '/dashboard' && path !== '/driver-profile/:id'), '/rides/:rideId'];
    const manifest = { name: 'marketplace', paths };
    expect(manifestMismatches(manifest, routes)).toEqual([
      '/dashboard is served but not declared in the manifest',
      '/driver-profile/:id is served but not declared in the manifest',
      '/rides/:rideId is declared but no screen serves it',
    ]);
  });

  it('counts a path with params as served only by a screen at that very pattern', () => {
    // '/rides/:rideId' would match the served '/rides/as-driver' as a URL; it is still no screen of its own.
    const manifest = { name: 'marketplace', paths: [...routesManifest.paths, '/rides/:rideId'] };
    expect(manifestMismatches(manifest, routes)).toEqual(['/rides/:rideId is declared but no screen serves it']);
  });
});
