import type { RemoteRoutesManifest } from '@krom/ui-kit/remote-route.ts';

/**
 * The staff area owns everything under /admin and the SMS test panel at the spec's own URL. Plain
 * data the build publishes (routes-manifest.json) for the web server to tell the shell;
 * `routes.tsx` serves the screens.
 */
export const routesManifest: RemoteRoutesManifest = {
  name: 'admin',
  paths: ['/admin/*', '/sms-test'],
};
