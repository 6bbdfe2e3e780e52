import { renderPage } from '@krom/ui-kit/build/render-page.tsx';
import { declareScreens } from '@krom/ui-kit/declared-screens.ts';
import { createQueryClient } from '@krom/ui-kit/query-client.ts';
import { allScreens } from './app/all-screens.ts';
import { createAppRoutes } from './app/create-routes.tsx';

/**
 * Build time only (vite.config.ts, prerenderPages): the shell's public pages as HTML, with the
 * same route table and declared screens as app.tsx, so the first paint matches what React renders.
 */
export function render(pathname: string) {
  const routes = createAppRoutes({ queryClient: createQueryClient() });
  declareScreens(allScreens(routes));
  return renderPage(routes, pathname);
}
