import { remoteManifests } from './remote-manifests.ts';
import type { RemoteDefinition } from './remote-route-discovery.ts';

/**
 * Every remote with what it declares it owns. Its code (and the federation runtime) is fetched
 * only when one of its paths is visited.
 */
export const remotes: RemoteDefinition[] = remoteManifests.map((manifest) => ({
  manifest,
  load: () => import('./load-remote.ts').then(({ loadRemoteRoutes }) => loadRemoteRoutes(manifest.name)),
}));
