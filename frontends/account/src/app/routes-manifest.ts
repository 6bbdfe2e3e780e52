import type { RemoteRoutesManifest } from '@krom/ui-kit/remote-route.ts';

/**
 * The paths this remote owns (the spec's own URLs, so a list rather than a prefix). Plain data:
 * the build publishes it (routes-manifest.json) and the web server tells the shell, so it must
 * stay free of screen code. `routes.tsx` serves exactly these.
 */
export const routesManifest: RemoteRoutesManifest = {
  name: 'account',
  paths: [
    '/onboarding',
    '/create-account',
    '/phone-verification',
    '/login',
    '/forgot-password',
    '/password-reset-otp',
    '/reset-password',
    '/profile',
    '/my-profile',
    '/edit-profile',
    '/account-settings',
    '/payments',
    '/payments/receipt/:id',
    '/notifications',
    '/verify-identity',
    '/verify-identity-driver',
    '/driver-verification',
    '/support',
    '/report-ride',
    '/support/tickets',
    '/support/tickets/:id',
  ],
};
