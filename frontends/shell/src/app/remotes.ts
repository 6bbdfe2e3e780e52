import { publishedRoutes } from './published-routes.ts';
import type { RemoteDefinition } from './remote-route-discovery.ts';

/**
 * Every remote with what it declares it owns, from the page. Its code (and the federation
 * runtime) is fetched only when one of its paths is visited.
 */
export const remotes: RemoteDefinition[] = publishedRoutes().map((manifest) => ({
  manifest,
  load: () => import('./load-remote.ts').then(({ loadRemoteRoutes }) => loadRemoteRoutes(manifest.name, manifest.module)),
}));
