import { AppProviders } from '@krom/ui-kit/app-providers.tsx';
import { createQueryClient } from '@krom/ui-kit/query-client.ts';
import type { RemoteRoutesManifest } from '@krom/ui-kit/remote-route.ts';
import { Spinner } from '@krom/ui-kit/spinner.tsx';
import { createStore } from 'jotai';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, type RouteObject, RouterProvider } from 'react-router-dom';
import { StandaloneIndex } from './standalone-index.tsx';

function PageSpinner() {
  return <Spinner fullPage />;
}

/**
 * Runs a remote on its own (development): its route subtree under its build's base URL, with the
 * providers the shell would otherwise give it. Kept out of src/ so it is never a shared module.
 */
export function mountStandaloneRemote(manifest: RemoteRoutesManifest, routes: RouteObject[]): void {
  const container = document.getElementById('root');
  if (!container) throw new Error('The page has no #root element.');
  const router = createBrowserRouter(
    [
      {
        path: '/',
        HydrateFallback: PageSpinner,
        children: [
          { index: true, element: <StandaloneIndex manifest={manifest} /> },
          ...routes,
          { path: '*', element: <StandaloneIndex manifest={manifest} /> },
        ],
      },
    ],
    { basename: import.meta.env.BASE_URL.replace(/\/$/, '') },
  );
  createRoot(container).render(
    <StrictMode>
      <AppProviders queryClient={createQueryClient()} store={createStore()}>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>,
  );
}
