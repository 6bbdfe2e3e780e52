import { renderPage } from '@krom/ui-kit/build/render-page.tsx';
import { routes } from './app/routes.tsx';

/**
 * Build time only (vite.config.ts, prerenderPages): this remote's public pages as HTML, under a
 * root route as the shell mounts the subtree (the shell's root layout adds no markup of its own
 * while no navigation is pending). The web server puts them into the shell's page.
 *
 * The listing is rendered without a search (the address's query is not known at build time):
 * its heading, filters in their empty state and "Loading rides...", what a guest sees before
 * GET /api/rides answers. The app renders the address's search in its place when it starts.
 */
export function render(pathname: string) {
  return renderPage([{ id: 'root', path: '/', children: routes }], pathname);
}
