import { AppProviders } from '@krom/ui-kit/app-providers.tsx';
import { createQueryClient } from '@krom/ui-kit/query-client.ts';
import { createStore } from 'jotai';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, type RouteObject, StaticRouterProvider } from 'react-router';
import { ServerStyleSheet } from 'styled-components';
import { PRERENDERED_STYLES_ATTRIBUTE } from './prerender-manifest.ts';

/**
 * Controls work only once React has rendered the page: until then they are disabled, so nothing
 * typed is lost when React replaces them, no form is sent the browser's way (a GET with the
 * password in the address), and whoever waits for an enabled control (a person, Playwright) waits
 * for React. They keep their enabled look meanwhile; that rule goes with the prerendered styles.
 */
const CONTROL = /<(input|button|select|textarea)\b/g;
const LOOK_ENABLED = '#root[data-prerendered] :disabled{opacity:1;cursor:auto}';

/**
 * A Suspense boundary still waiting for its code (a lazy part) is written as its fallback behind
 * an empty <template>, a note for hydration. Nothing here is hydrated, and that element would
 * count among its parent's children in CSS (`:nth-child`, `+`), laying the prerendered page out
 * differently from the page React renders.
 */
const CLIENT_RENDERED_NOTE = /(?<=<!--\$!-->)<template[^>]*><\/template>/g;

/**
 * One page of a route table rendered to HTML at build time (prerender.ts), inside the providers
 * the shell mounts, as a visitor who is not signed in sees it before anything has loaded: no
 * request is answered, so screens show their signed-out, empty state. A page served without the
 * app (`static`) keeps its controls as they are: native HTML (a popover, radio inputs) is all it has.
 */
export async function renderPage(routes: RouteObject[], pathname: string, options: { static?: boolean } = {}): Promise<{ html: string; styles: string }> {
  // Signed out, whatever a loader asks the API while rendering (the landing prefetches the user).
  const realFetch = globalThis.fetch;
  globalThis.fetch = async () => Response.json({ message: 'Not signed in' }, { status: 401 });
  try {
    const page = await renderSignedOut(routes, pathname);
    if (options.static) return page;
    return { html: page.html.replace(CONTROL, '<$1 disabled'), styles: `${page.styles}<style ${PRERENDERED_STYLES_ATTRIBUTE}>${LOOK_ENABLED}</style>` };
  } finally {
    globalThis.fetch = realFetch;
  }
}

async function renderSignedOut(routes: RouteObject[], pathname: string): Promise<{ html: string; styles: string }> {
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(new URL(pathname, 'http://krom.invalid')));
  if (context instanceof Response) throw new Error(`prerender: ${pathname} answered a redirect (${context.status}).`);
  if (context.errors) throw new Error(`prerender: ${pathname} failed: ${JSON.stringify(context.errors)}`);
  const router = createStaticRouter(handler.dataRoutes, context);
  const sheet = new ServerStyleSheet();
  try {
    const html = renderToString(
      sheet.collectStyles(
        <AppProviders queryClient={createQueryClient()} store={createStore()}>
          <StaticRouterProvider router={router} context={context} hydrate={false} />
        </AppProviders>,
      ),
    );
    // Marked apart from styled-components' own tags so the browser's copy does not adopt them: its
    // class names come out differently (modules load in another order), and adopted rules would
    // share cascade slots with its own. The page drops them once React has rendered (bootstrap.tsx).
    const styles = sheet.getStyleTags().replace(/<style[^>]*>/g, `<style ${PRERENDERED_STYLES_ATTRIBUTE}>`);
    return { html: html.replace(CLIENT_RENDERED_NOTE, ''), styles };
  } finally {
    sheet.seal();
  }
}
