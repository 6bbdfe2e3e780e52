import { renderPage } from '@krom/ui-kit/build/render-page.tsx';
import { createQueryClient } from '@krom/ui-kit/query-client.ts';
import { createAppRoutes } from './app/create-routes.tsx';

/**
 * Build time only (vite.config.ts, prerenderPages): the shell's public pages as HTML, with the
 * same route table as app.tsx, so the first paint matches what React renders. The remotes' paths
 * are known only when the web server runs, so no screens are declared: every link counts, as in
 * the remotes' own prerendered pages.
 */
export function render(pathname: string) {
  const routes = createAppRoutes({ queryClient: createQueryClient() });
  return renderPage(routes, pathname);
}
