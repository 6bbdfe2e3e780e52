import { renderPage } from '@krom/ui-kit/build/render-page.tsx';
import { routes } from './app/routes.tsx';

/**
 * Build time only (vite.config.ts, prerenderPages): this remote's public pages as HTML, under a
 * root route as the shell mounts the subtree (the shell's root layout adds no markup of its own
 * while no navigation is pending). The web server puts them into the shell's page.
 */
export function render(pathname: string) {
  return renderPage([{ id: 'root', path: '/', children: routes }], pathname);
}
