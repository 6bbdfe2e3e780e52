import type { RemoteRoute } from '@krom/ui-kit/remote-route.ts';

/** Exposed as 'marketplace/routes'. Each screen's code loads only when its path is visited. */
export const routes: RemoteRoute[] = [
  {
    path: '/post-ride',
    lazy: () =>
      import('../features/post-ride/components/post-ride-page.tsx').then((m) => ({ Component: m.PostRidePage })),
  },
  {
    path: '/dashboard',
    lazy: () => import('../features/dashboard/components/dashboard-page.tsx').then((m) => ({ Component: m.DashboardPage })),
  },
];
