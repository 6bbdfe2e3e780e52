import type { Plugin } from 'vite';
import type { PublishedRemoteRoutes, RemoteRoutesManifest } from '../src/remote-route.ts';

/**
 * Written by a remote's build beside its index.html; read by the web server
 * (frontends/shell/server/remote-routes.ts), which imports this file without loading Vite.
 */
export const REMOTE_ROUTES_FILE = 'routes-manifest.json';

/**
 * A remote's build writes its routes manifest (src/app/routes-manifest.ts) as JSON beside its
 * index.html, with the exposed module serving it. The web server reads that file from the deployed
 * remote, so the shell learns a new path when the remote is deployed, not when the shell is built.
 */
export function publishRoutes(manifest: RemoteRoutesManifest, { module }: { module: string }): Plugin {
  return {
    name: 'krom:publish-routes',
    apply: 'build',
    generateBundle() {
      const published: PublishedRemoteRoutes = { name: manifest.name, module, paths: manifest.paths };
      this.emitFile({ type: 'asset', fileName: REMOTE_ROUTES_FILE, source: JSON.stringify(published) });
    },
  };
}
