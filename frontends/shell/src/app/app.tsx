import { AppProviders } from '@krom/ui-kit/app-providers.tsx';
import { createQueryClient } from '@krom/ui-kit/query-client.ts';
import { createStore } from 'jotai';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { createAppRoutes } from './create-routes.tsx';
import { discoverRemoteRoutes } from './remote-route-discovery.ts';
import { remotes } from './remotes.ts';

const queryClient = createQueryClient();
const store = createStore();
const router = createBrowserRouter(createAppRoutes({ queryClient }), {
  patchRoutesOnNavigation: discoverRemoteRoutes(remotes),
});

export function App() {
  return (
    <AppProviders queryClient={queryClient} store={store}>
      <RouterProvider router={router} />
    </AppProviders>
  );
}
