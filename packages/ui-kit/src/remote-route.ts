import type { RouteObject } from 'react-router-dom';

/**
 * What a remote declares it owns: react-router path patterns ('/post-ride', '/rides/:rideId',
 * '/admin/*' for a whole prefix). Plain data: the remote's build publishes it (build/publish-routes.ts),
 * so the shell can tell which remote to load for a path without loading any remote's code.
 */
export type RemoteRoutesManifest = {
  /** The remote's federation name, also the key of its entry in the shell's /remotes.json. */
  name: string;
  paths: readonly string[];
};

/**
 * A remote's manifest as its build publishes it: the paths and the exposed module that serves
 * them. The web server reads it from each remote while it runs and writes every remote's into
 * each page, so a remote redeployed with a new path needs no shell build.
 */
export type PublishedRemoteRoutes = RemoteRoutesManifest & {
  /** The federation module (`exposes` key) whose `routes` serve `paths`, such as './routes'. */
  module: string;
};

/**
 * What a remote exposes as './routes': its route subtree (nested routes, params, its own
 * errorElement, screens loaded with `lazy`), mounted by the shell under its root layout.
 */
export type RemoteRouteModule = {
  routes: RouteObject[];
};
