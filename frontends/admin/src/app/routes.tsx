import type { RemoteRouteModule } from '@krom/ui-kit/remote-route.ts';
import { RouteError } from '@krom/ui-kit/route-error.tsx';

/**
 * Exposed as 'admin/routes': the /admin subtree the shell mounts under its root layout. Each
 * screen's code loads only when its path is visited; an unknown /admin path is the shell's 404.
 */
export const routes: RemoteRouteModule['routes'] = [
  {
    id: 'admin',
    path: '/admin',
    errorElement: <RouteError />,
    children: [
      {
        index: true,
        lazy: () => import('./admin-home-page.tsx').then((m) => ({ Component: m.AdminHomePage })),
      },
      {
        path: 'login',
        lazy: () =>
          import('../features/admin-auth/components/admin-login-page.tsx').then((m) => ({ Component: m.AdminLoginPage })),
      },
    ],
  },
];
