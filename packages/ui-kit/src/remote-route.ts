import type { RouteObject } from 'react-router-dom';

/**
 * What a remote declares it owns: react-router path patterns ('/post-ride', '/rides/:rideId',
 * '/admin/*' for a whole prefix). Plain data the shell reads at build time, so it can tell which
 * remote to load for a path without loading any remote's code.
 */
export type RemoteRoutesManifest = {
  /** The remote's federation name, also the key of its entry in the shell's /remotes.json. */
  name: string;
  paths: readonly string[];
};

/**
 * What a remote exposes as './routes': its route subtree (nested routes, params, its own
 * errorElement, screens loaded with `lazy`), mounted by the shell under its root layout.
 */
export type RemoteRouteModule = {
  routes: RouteObject[];
};
