import type { RenderOptions } from '@krom/ui-kit/build/prerender.ts';
import { renderPage } from '@krom/ui-kit/build/render-page.tsx';
import { createQueryClient } from '@krom/ui-kit/query-client.ts';
import { createAppRoutes } from './app/create-routes.tsx';
import { renderingWithLaunchSetting } from './features/landing/pre-launch.ts';
import { PRE_LAUNCH_VARIANT } from './launch-setting.ts';

/**
 * Build time only (vite.config.ts, prerenderPages): the shell's public pages as HTML, with the
 * same route table as app.tsx, so the first paint matches what React renders. The remotes' paths
 * are known only when the web server runs, so no screens are declared: every link counts, as in
 * the remotes' own prerendered pages. The landing is rendered open and pre-launch (its banner);
 * the web server sends the one its PRE_LAUNCH setting says.
 */
export function render(pathname: string, options: RenderOptions) {
  const routes = createAppRoutes({ queryClient: createQueryClient() });
  return renderingWithLaunchSetting(options.variant === PRE_LAUNCH_VARIANT, () => renderPage(routes, pathname, { static: options.static }));
}
