import type { RemoteDefinition } from './create-routes.tsx';

/**
 * The paths each remote serves. A new screen in a remote is one more path here (and in the
 * remote's own routes module); the remote's code loads only when one of its paths is visited.
 */
export const remotes: RemoteDefinition[] = [
  { name: 'marketplace', paths: ['/post-ride', '/dashboard'], load: () => import('marketplace/routes').then((m) => m.default) },
  { name: 'account', paths: [
      '/onboarding',
      '/create-account',
      '/phone-verification',
      '/login',
      '/forgot-password',
      '/password-reset-otp',
      '/reset-password',
      '/profile',
      '/my-profile',
      '/account-settings',
      '/payments',
      '/notifications',
    ], load: () => import('account/routes').then((m) => m.default) },
  { name: 'admin', paths: ['/admin/login', '/admin'], load: () => import('admin/routes').then((m) => m.default) },
];
