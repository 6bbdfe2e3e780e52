import type { PublishedRemoteRoutes } from '@krom/ui-kit/remote-route.ts';

/**
 * The remotes' routes travel in each page the web server answers (server/remote-routes.ts) and
 * are read by the shell's router (app/published-routes.ts). Shared with the web server, so no DOM
 * here; and not a UI kit module, which would be one more shared chunk on every page.
 */
export const REMOTE_ROUTES_ELEMENT_ID = 'krom-remote-routes';

/**
 * The routes as a JSON data block at the end of the page's body: not a script the browser runs
 * (the CSP's script-src does not apply), no request for it. `<` is escaped so no path can end the element.
 */
export function withRemoteRoutes(html: string, routes: PublishedRemoteRoutes[]): string {
  const element = `<script type="application/json" id="${REMOTE_ROUTES_ELEMENT_ID}">${JSON.stringify(routes).replace(/</g, '\\u003c')}</script>`;
  return html.includes('</body>') ? html.replace('</body>', () => `${element}\n</body>`) : `${html}${element}`;
}
