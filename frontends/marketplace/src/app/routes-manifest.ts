import type { RemoteRoutesManifest } from '@krom/ui-kit/remote-route.ts';

/**
 * The paths this remote owns. Plain data: the shell imports it at build time to know when to
 * load this remote, so it must stay free of screen code. `routes.tsx` serves exactly these.
 */
export const routesManifest: RemoteRoutesManifest = {
  name: 'marketplace',
  paths: ['/post-ride', '/dashboard'],
};
