import type { RemoteRouteModule } from '@krom/ui-kit/remote-route.ts';
import { RouteError } from '@krom/ui-kit/route-error.tsx';

/**
 * Exposed as 'marketplace/routes': the subtree the shell mounts under its root layout for the
 * paths in routes-manifest.ts. Each screen's code loads only when its path is visited.
 */
export const routes: RemoteRouteModule['routes'] = [
  {
    id: 'marketplace',
    errorElement: <RouteError />,
    children: [
      {
        path: '/post-ride',
        lazy: () =>
          import('../features/post-ride/components/post-ride-page.tsx').then((m) => ({ Component: m.PostRidePage })),
      },
      {
        path: '/dashboard',
        lazy: () =>
          import('../features/dashboard/components/dashboard-page.tsx').then((m) => ({ Component: m.DashboardPage })),
      },
    ],
  },
];
