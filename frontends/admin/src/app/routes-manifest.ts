import type { RemoteRoutesManifest } from '@krom/ui-kit/remote-route.ts';

/**
 * The staff area owns everything under /admin, so a new staff screen needs no change in the
 * shell. Plain data the shell imports at build time; `routes.tsx` serves the screens.
 */
export const routesManifest: RemoteRoutesManifest = {
  name: 'admin',
  paths: ['/admin/*'],
};
