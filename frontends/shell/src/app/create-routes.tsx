import type { RemoteRouteModule } from '@krom/ui-kit/remote-route.ts';
import { Spinner } from '@krom/ui-kit/spinner.tsx';
import type { QueryClient } from '@tanstack/react-query';
import type { RouteObject } from 'react-router-dom';
import { prefetchCurrentUser } from '@krom/ui-kit/current-user.ts';
import { NotFoundPage } from '../features/not-found/components/not-found-page.tsx';
import { RootLayout } from './root-layout.tsx';
import { RouteError } from './route-error.tsx';

export type RemoteDefinition = {
  name: string;
  paths: string[];
  load: () => Promise<RemoteRouteModule>;
};

/** The whole route table: the shell's own pages, every remote's paths, and the 404 for the rest. */
export function createAppRoutes({
  remotes,
  queryClient,
}: {
  remotes: RemoteDefinition[];
  queryClient: QueryClient;
}): RouteObject[] {
  return [
    {
      path: '/',
      Component: RootLayout,
      errorElement: <RouteError />,
      HydrateFallback: FullPageSpinner,
      children: [
        {
          index: true,
          // Ask who is signed in while the landing page's code is still downloading.
          loader: () => {
            prefetchCurrentUser(queryClient);
            return null;
          },
          lazy: () =>
            import('../features/landing/components/landing-page.tsx').then((m) => ({ Component: m.LandingPage })),
        },
        {
          path: '/waitlist',
          lazy: () =>
            import('../features/waitlist/components/waitlist-page.tsx').then((m) => ({ Component: m.WaitlistPage })),
        },
        {
          path: '/thank-you',
          lazy: () =>
            import('../features/waitlist/components/thank-you-page.tsx').then((m) => ({ Component: m.ThankYouPage })),
        },
        ...remotes.flatMap(remoteRoutes),
        { path: '*', Component: NotFoundPage },
      ],
    },
  ];
}

function remoteRoutes(remote: RemoteDefinition): RouteObject[] {
  return remote.paths.map((path) => ({
    path,
    lazy: async () => {
      const { routes } = await remote.load();
      const route = routes.find((candidate) => candidate.path === path);
      if (!route) throw new Error(`The ${remote.name} frontend does not serve ${path}.`);
      return route.lazy();
    },
  }));
}

function FullPageSpinner() {
  return <Spinner fullPage />;
}
