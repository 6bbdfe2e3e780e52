import type { PublishedRemoteRoutes } from '@krom/ui-kit/remote-route.ts';
import { REMOTE_ROUTES_ELEMENT_ID } from '../remote-routes-element.ts';

/**
 * Checks the routes the web server wrote into the page. By hand rather than with zod, like
 * remotes-config.ts: this runs before the first screen, and zod would outweigh the data.
 */
export function parsePublishedRoutes(body: unknown): PublishedRemoteRoutes[] {
  if (!Array.isArray(body)) throw new Error('The remotes’ routes are not a list.');
  for (const remote of body as Partial<PublishedRemoteRoutes>[]) {
    const complete =
      typeof remote?.name === 'string' &&
      typeof remote.module === 'string' &&
      Array.isArray(remote.paths) &&
      remote.paths.every((path) => typeof path === 'string');
    if (!complete) throw new Error(`The routes of the ${String(remote?.name)} frontend are not name, module and paths.`);
  }
  return body as PublishedRemoteRoutes[];
}

/**
 * What each remote declares it owns, as the web server read it from the deployed remotes
 * (server/remote-routes.ts) and wrote into this page: routing a visit to the right remote costs
 * no request, and the shell's build names no remote path. A page without them (a build opened
 * without the web server) routes to no remote.
 */
export function publishedRoutes(doc: Document = document): PublishedRemoteRoutes[] {
  const element = doc.getElementById(REMOTE_ROUTES_ELEMENT_ID);
  return element?.textContent ? parsePublishedRoutes(JSON.parse(element.textContent)) : [];
}
