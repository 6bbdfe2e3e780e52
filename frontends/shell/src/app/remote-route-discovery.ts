import type { RemoteRouteModule, RemoteRoutesManifest } from '@krom/ui-kit/remote-route.ts';
import { matchPath, type PatchRoutesOnNavigationFunction } from 'react-router-dom';
import { ROOT_ROUTE_ID } from './create-routes.tsx';

/** A remote as the shell sees it: what it declares it owns, and how to fetch its subtree. */
export type RemoteDefinition = {
  manifest: RemoteRoutesManifest;
  load: () => Promise<RemoteRouteModule>;
};

/** The remote whose declared paths include `pathname`, if any. */
export function remoteOwning(remotes: RemoteDefinition[], pathname: string): RemoteDefinition | undefined {
  return remotes.find((remote) => remote.manifest.paths.some((pattern) => matchPath(pattern, pathname)));
}

/**
 * The router's `patchRoutesOnNavigation`: the router asks it whenever a path matches nothing but
 * the 404 (or only a pattern). If a remote declares the path, its subtree is loaded once and
 * patched under the root; the router then matches again, so a path the subtree does not serve
 * still gets the 404. Paths no remote declares load nothing. A load that fails surfaces at the
 * root's error element and is tried again on the next visit.
 */
export function discoverRemoteRoutes(remotes: RemoteDefinition[]): PatchRoutesOnNavigationFunction {
  const loading = new Map<string, Promise<RemoteRouteModule>>();
  const load = (remote: RemoteDefinition) => {
    let module = loading.get(remote.manifest.name);
    if (!module) {
      module = remote.load();
      loading.set(remote.manifest.name, module);
      module.catch(() => loading.delete(remote.manifest.name));
    }
    return module;
  };
  return async ({ path, patch }) => {
    const pathname = new URL(path, 'http://krom.invalid').pathname;
    const remote = remoteOwning(remotes, pathname);
    if (!remote) return;
    const { routes } = await load(remote);
    // Patching the same routes again is a no-op: the router skips routes it already holds (by id).
    patch(ROOT_ROUTE_ID, routes);
  };
}
