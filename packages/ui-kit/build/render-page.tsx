import { AsyncLocalStorage } from 'node:async_hooks';
import { AppProviders } from '@krom/ui-kit/app-providers.tsx';
import { declareScreensFrom } from '@krom/ui-kit/declared-screens.ts';
import { createQueryClient } from '@krom/ui-kit/query-client.ts';
import { type DehydratedState, dehydrate, type Query, type QueryClient } from '@tanstack/react-query';
import { createStore } from 'jotai';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, type RouteObject, StaticRouterProvider } from 'react-router';
import { ServerStyleSheet } from 'styled-components';
import { disabledUntilApp, type PageAnswers, PRERENDERED_STYLES_ATTRIBUTE, type RenderedPage } from './prerender-manifest.ts';


/**
 * A Suspense boundary still waiting for its code (a lazy part) is written as its fallback behind
 * an empty <template>, a note for hydration. Nothing here is hydrated, and that element would
 * count among its parent's children in CSS (`:nth-child`, `+`), laying the prerendered page out
 * differently from the page React renders.
 */
const CLIENT_RENDERED_NOTE = /(?<=<!--\$!-->)<template[^>]*><\/template>/g;
/** How renderToString writes a Suspense boundary that suspended: its fallback, marked to be rendered on the client. */
const SUSPENDED = '<!--$!-->';

/** The API as one render sees it: the answers the page was given, and the addresses it asked for that were not among them. */
/** `screens`: every screen's pattern for this render (declared-screens.ts), or undefined when every path counts. */
type RenderScope = { answers: PageAnswers; answered: string[]; unanswered: string[]; screens?: readonly string[] | undefined };
/** One for the process, whichever build's render module installs the fetch below first (each bundles this file). */
const processScope = globalThis as { kromRenderScope?: AsyncLocalStorage<RenderScope> };
processScope.kromRenderScope ??= new AsyncLocalStorage<RenderScope>();
const scope = processScope.kromRenderScope;

/**
 * Inside a render, `fetch` answers only from the answers the render was given, and "not signed
 * in" for anything else (never the network: the page renders as a guest would first see it). The
 * scope follows the render's own async work, so the web server's requests running meanwhile in
 * the same process still reach the network.
 */
function scopeFetch(): void {
  const marked = globalThis.fetch as typeof fetch & { kromRenderScope?: true };
  if (marked.kromRenderScope) return;
  const realFetch = globalThis.fetch;
  const scoped = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const current = scope.getStore();
    if (!current) return realFetch(input, init);
    const url = typeof input === 'string' ? input : input instanceof URL ? `${input.pathname}${input.search}` : input.url;
    const answer = (init?.method ?? 'GET') === 'GET' ? current.answers[url] : undefined;
    if (!answer) {
      current.unanswered.push(url);
      return Response.json({ message: 'Not signed in' }, { status: 401 });
    }
    current.answered.push(url);
    return Response.json(answer.body, { status: answer.status });
  }) as typeof fetch & { kromRenderScope?: true };
  scoped.kromRenderScope = true;
  globalThis.fetch = scoped;
}

/**
 * One page of a route table rendered to HTML (prerender.ts at build time, the web server on a
 * request), inside the providers the shell mounts, as a visitor who is not signed in sees it.
 * `url` may carry a query (the listing's search). Without `answers` no request is answered, so
 * screens show their empty state. With them (the API answers the page declares, by URL), each
 * query the page starts is run once against them and the page rendered again with its data; the
 * queries answered that way are returned as `pageData`, for the page to put into its cache before its
 * first render (so it shows the same and asks nothing). A query that asked anything else (the
 * signed-in user) is left pending, as a guest's first view has it.
 */
export async function renderPage(
  routes: RouteObject[],
  url: string,
  options: { static?: boolean; answers?: PageAnswers | undefined; screens?: readonly string[] | undefined } = {},
): Promise<RenderedPage & { queryClient: QueryClient }> {
  const answers = options.answers ?? {};
  // Each render's own, read from its scope: renders of different requests overlap.
  declareScreensFrom(() => scope.getStore()?.screens);
  scopeFetch();
  const queryClient = createQueryClient();
  const run = <T,>(work: () => T, current: RenderScope = { answers, answered: [], unanswered: [], screens: options.screens }): T => scope.run(current, work);
  const handler = createStaticHandler(routes);
  const context = await run(() => handler.query(new Request(new URL(url, 'http://krom.invalid'))));
  if (context instanceof Response) throw new Error(`render: ${url} answered a redirect (${context.status}).`);
  if (context.errors) throw new Error(`render: ${url} failed: ${JSON.stringify(context.errors)}`);
  const router = createStaticRouter(handler.dataRoutes, context);
  const renderOnce = () =>
    run(() => {
      const sheet = new ServerStyleSheet();
      try {
        const html = renderToString(
          sheet.collectStyles(
            <AppProviders queryClient={queryClient} store={createStore()}>
              <StaticRouterProvider router={router} context={context} hydrate={false} />
            </AppProviders>,
          ),
        );
        return { html, styles: sheet.getStyleTags() };
      } finally {
        sheet.seal();
      }
    });

  let page = renderOnce();
  const embedded = Object.keys(answers).length > 0 ? await runDeclaredQueries(queryClient, answers, run) : [];
  if (embedded.length > 0) page = renderOnce();
  // A lazy part the render reached for the first time (the listing's empty state, once its search
  // came back empty) is written as its fallback while React.lazy resolves it, a tick when its code
  // is loaded already (the marketplace's render entry loads that part before rendering): rendered
  // again after a tick, a few times at most (a part that never resolves here stays its fallback).
  // Otherwise a page sent with the app on demand would never show it.
  for (let again = 0; again < 3 && page.html.includes(SUSPENDED); again++) {
    await new Promise((resolve) => setImmediate(resolve));
    page = renderOnce();
  }
  // Marked apart from styled-components' own tags so the browser's copy does not adopt them: its
  // class names come out differently (modules load in another order), and adopted rules would
  // share cascade slots with its own. The page drops them once React has rendered (bootstrap.tsx).
  const styles = page.styles.replace(/<style[^>]*>/g, `<style ${PRERENDERED_STYLES_ATTRIBUTE}>`);
  const html = page.html.replace(CLIENT_RENDERED_NOTE, '');
  return {
    // A page served without the app (`static`) keeps its controls as they are: native HTML (a popover, radio inputs) is all it has.
    ...(options.static ? { html, styles } : disabledUntilApp({ html, styles })),
    ...(embedded.length > 0 ? { pageData: pageData(queryClient, new Set(embedded)) } : {}),
    queryClient,
  };
}

/**
 * Runs every query the first render started (exactly as the page's hooks define them: key,
 * function, infinite or not) against the declared answers. One that asked only for declared
 * answers keeps its result (data, or the error a 404 gave); any other is taken out of the cache
 * again, so it renders pending as before and the browser asks for it.
 */
async function runDeclaredQueries(
  queryClient: QueryClient,
  answers: PageAnswers,
  run: <T>(work: () => T, current: RenderScope) => T,
): Promise<Query[]> {
  const cache = queryClient.getQueryCache();
  const started = cache.getAll().filter((query) => query.state.status === 'pending');
  const kept: Query[] = [];
  for (const query of started) {
    const current: RenderScope = { answers, answered: [], unanswered: [] };
    await run(() => query.fetch().catch(() => undefined), current);
    const fromAnswers = current.unanswered.length === 0 && current.answered.length > 0;
    // An error the API answered (a 404: no such ride) is the page's to show; any other (the answer
    // did not parse) is left for the browser to meet on its own.
    const error = query.state.error as { status?: unknown } | null;
    if (fromAnswers && (!error || typeof error.status === 'number')) kept.push(query);
    else cache.remove(query);
    // Shown as it is, not as a retry about to start (a query in error is otherwise fetched again when a screen mounts).
    if (error && kept.includes(query)) queryClient.setQueryDefaults(query.queryKey, { retryOnMount: false });
  }
  return kept;
}

/**
 * The queries answered from the page's data, as react-query's dehydrated state, in JSON: an error
 * (the ride is missing) travels as its message and status, which is what screens read of it.
 */
function pageData(queryClient: QueryClient, embedded: Set<Query>): DehydratedState {
  const state = dehydrate(queryClient, { shouldDehydrateQuery: (query) => embedded.has(query), shouldRedactErrors: () => false });
  for (const query of state.queries) {
    const error = query.state.error as { message?: string; status?: number } | null;
    if (error) {
      const plain = { message: String(error.message ?? ''), status: error.status };
      query.state = { ...query.state, error: plain, fetchFailureReason: plain } as unknown as typeof query.state;
    }
  }
  return state;
}
