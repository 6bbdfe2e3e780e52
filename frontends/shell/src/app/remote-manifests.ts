import { routesManifest as account } from '@krom/account/routes-manifest';
import { routesManifest as admin } from '@krom/admin-frontend/routes-manifest';
import { routesManifest as marketplace } from '@krom/marketplace/routes-manifest';
import type { RemoteRoutesManifest } from '@krom/ui-kit/remote-route.ts';

/**
 * What each remote declares it owns, read from the remotes' own packages when the shell is built:
 * a few hundred bytes of paths in the shell's bundle, so routing a visit to the right remote costs
 * no request and the landing page loads no remote code. Also gives vite.config.ts the remotes' names.
 */
export const remoteManifests: RemoteRoutesManifest[] = [marketplace, account, admin];
