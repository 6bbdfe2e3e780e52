import { AppProviders } from '@krom/ui-kit/app-providers.tsx';
import { declareScreens } from '@krom/ui-kit/declared-screens.ts';
import { createQueryClient } from '@krom/ui-kit/query-client.ts';
import { createStore } from 'jotai';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { allScreens } from './all-screens.ts';
import { createAppRoutes } from './create-routes.tsx';
import { takePageData } from './page-data.ts';
import { discoverRemoteRoutes } from './remote-route-discovery.ts';
import { remotes } from './remotes.ts';

const queryClient = createQueryClient();
// A page rendered on request brings its API answers along (server/render-on-request.ts).
takePageData(queryClient);
const store = createStore();
const routes = createAppRoutes({ queryClient });
/** Exported so bootstrap.tsx can wait for the first page's code before replacing prerendered HTML. */
export const router = createBrowserRouter(routes, {
  patchRoutesOnNavigation: discoverRemoteRoutes(remotes),
});
// Links to a screen no one has built yet (the 404) are not shown: see declared-screens.ts.
declareScreens(allScreens(routes));

export function App() {
  return (
    <AppProviders queryClient={queryClient} store={store}>
      <RouterProvider router={router} />
    </AppProviders>
  );
}
