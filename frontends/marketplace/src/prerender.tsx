import type { PageHead, RenderedPage, RenderOptions } from '@krom/ui-kit/build/prerender-manifest.ts';
import { renderPage } from '@krom/ui-kit/build/render-page.tsx';
import type { QueryClient } from '@tanstack/react-query';
import { matchPath } from 'react-router';
import { routes } from './app/routes.tsx';
import { emptyRidesChunk } from './features/search/components/listing-deferred-parts.ts';
import { ridePreviewHead } from './features/ride-details/ride-preview-head.ts';
import { getRideQueryOptions } from './lib/api/ride.ts';

/**
 * This remote's pages as HTML, under a root route as the shell mounts the subtree (the shell's
 * root layout adds no markup of its own while no navigation is pending). Built for Node as
 * dist/server/render.js (prerenderPages in vite.config.ts): the build renders the public pages
 * with it, signed out and without answers, and the web server renders the listing and a ride's
 * preview with it on each request, with the API answers those pages declare.
 *
 * Without answers the listing is its heading, filters in their empty state and "Loading rides...",
 * what a guest sees before GET /api/rides answers; the preview is its loading state.
 */
export async function render(url: string, options: RenderOptions = { static: false }): Promise<RenderedPage> {
  // The listing's lazy empty state, loaded before the page is rendered: a render that reaches it
  // then has it in a tick (renderPage renders again), even the first one after the server starts.
  await emptyRidesChunk;
  const { queryClient, ...page } = await renderPage([{ id: 'root', path: '/', children: routes }], url, options);
  const head = headOf(url, queryClient);
  return head ? { ...page, head } : page;
}

/** A ride's preview, what shared links open, names the ride in the link's card (title and Open Graph). */
function headOf(url: string, queryClient: QueryClient): PageHead | undefined {
  const [path = '', search = ''] = url.split('?');
  const id = matchPath('/ride-preview/:id', path)?.params.id;
  const query = new URLSearchParams(search);
  const ride = id ? queryClient.getQueryData(getRideQueryOptions(id, { board: query.get('board'), alight: query.get('alight') }).queryKey) : undefined;
  return ride ? ridePreviewHead(ride) : undefined;
}
