import type { RemoteRoutesManifest } from '@krom/ui-kit/remote-route.ts';

/**
 * The staff area owns everything under /admin, so a new staff screen there needs no change in the
 * shell, and the SMS test panel at the spec's own URL. Plain data the shell imports at build time;
 * `routes.tsx` serves the screens.
 */
export const routesManifest: RemoteRoutesManifest = {
  name: 'admin',
  paths: ['/admin/*', '/sms-test'],
};
