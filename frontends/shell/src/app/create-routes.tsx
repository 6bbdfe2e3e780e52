import { prefetchCurrentUser } from '@krom/ui-kit/current-user.ts';
import { RouteError } from '@krom/ui-kit/route-error.tsx';
import { Spinner } from '@krom/ui-kit/spinner.tsx';
import type { QueryClient } from '@tanstack/react-query';
import type { RouteObject } from 'react-router-dom';
import { NotFoundPage } from '../features/not-found/components/not-found-page.tsx';
import { RootLayout } from './root-layout.tsx';

/** The id remote subtrees are patched under (see remote-route-discovery.ts). */
export const ROOT_ROUTE_ID = 'root';

/**
 * The shell's own route table: its pages and the 404 for the rest. The remotes' subtrees are
 * added under the root as they are discovered (remote-route-discovery.ts).
 */
export function createAppRoutes({ queryClient }: { queryClient: QueryClient }): RouteObject[] {
  return [
    {
      id: ROOT_ROUTE_ID,
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
        // Krom's public text pages, linked from the footer.
        {
          path: '/contact',
          lazy: () => import('../features/legal/components/contact-page.tsx').then((m) => ({ Component: m.ContactPage })),
        },
        {
          path: '/terms',
          lazy: () => import('../features/legal/components/terms-page.tsx').then((m) => ({ Component: m.TermsPage })),
        },
        {
          path: '/privacy',
          lazy: () => import('../features/legal/components/privacy-page.tsx').then((m) => ({ Component: m.PrivacyPage })),
        },
        { path: '*', Component: NotFoundPage },
      ],
    },
  ];
}

function FullPageSpinner() {
  return <Spinner fullPage />;
}
