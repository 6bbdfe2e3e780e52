import type { RemoteRoute } from '@krom/ui-kit/remote-route.ts';

/** Exposed as 'admin/routes'. Each screen's code loads only when its path is visited. */
export const routes: RemoteRoute[] = [
  {
    path: '/admin/login',
    lazy: () =>
      import('../features/admin-auth/components/admin-login-page.tsx').then((m) => ({ Component: m.AdminLoginPage })),
  },
  {
    path: '/admin',
    lazy: () => import('./admin-home-page.tsx').then((m) => ({ Component: m.AdminHomePage })),
  },
];
