/**
 * What a frontend's build writes about its prerendered pages (prerender.ts) and the web server
 * reads to compose them (frontends/shell/server/prerendered-pages.ts). Kept apart from the Vite
 * plugin so the server does not load Vite.
 */
/** Written beside a build's index.html; the web server composes each page's HTML from it. */
export const PRERENDER_MANIFEST = 'prerendered.json';

/** One public page as the build rendered it, and the scripts it needs, in the order they are imported. */
export type PrerenderedPage = {
  /** The markup of the page inside #root, as React renders it signed out. */
  html: string;
  /** styled-components' <style> element(s) holding the rules that markup uses. */
  styles: string;
  /** This build's chunks the page imports, statically or through its lazy route (root-relative URLs). */
  preload: string[];
  /** Shared modules (react, UI kit modules…) the page takes from the host through the federation runtime. */
  shared: string[];
  /** The API answers the page asks for first, which the web server has the browser fetch with the HTML. */
  data?: DataPreload[];
  /**
   * A page that works as HTML alone (its controls are native: a popover, radio inputs): the web
   * server sends it without the app, no entry script and no preloads, only `scripts`, the page's
   * own small entry. Links are then ordinary page loads.
   */
  static?: { scripts: string[] };
  /** The same page rendered for a setting the web server picks at run time (PRE_LAUNCH), by name. */
  variants?: Record<string, { html: string; styles: string }>;
  /**
   * Rendered again on each request with the answers to `data` (the build's render module,
   * RENDER_MODULE): the listing's rides, a ride's preview. This prerendered markup is what the
   * page gets when that cannot be done. `path` may then be a pattern (`/ride-preview/:id`).
   */
  onRequest?: boolean;
};

/** The API answers a render is given, by the URL the page's code requests (the GET calls it declares). */
export type PageAnswers = Record<string, { status: number; body: unknown }>;

/** What a page says about itself to a link's preview (a chat app's card): the document's title and Open Graph texts. */
export type PageHead = { title: string; description: string };

/**
 * A page as a build's render module renders it: markup, styles, and the queries answered from the
 * page's data (react-query's dehydrated state, JSON), which the browser puts into its cache first.
 */
export type RenderedPage = { html: string; styles: string; pageData?: unknown; head?: PageHead };

/** A build's render module (the Vite SSR build of its prerender entry), beside its client build: dist/server/render.js. */
export const RENDER_MODULE = 'server/render.js';

/**
 * What a render entry is asked for: a page served without the app keeps its controls live; a
 * variant is rendered for its setting; `answers`, the API answers of a page rendered on request.
 */
export type RenderOptions = { static: boolean; variant?: string; answers?: PageAnswers };

/** What RENDER_MODULE exports. */
export type RenderModule = { render: (url: string, options: RenderOptions) => Promise<RenderedPage> };

/**
 * An API call a page makes as soon as it runs, described from the page's address, so the web
 * server can name it in the page's response (a `Link: rel=preload` header) and the browser fetches
 * it while the page's scripts download, instead of after they have run. The URL must be the very
 * one the page's code requests (dataPreloadUrl, the same URLSearchParams encoding callEndpoint
 * uses); a frontend's test holds its code to its declaration.
 */
export type DataPreload = {
  /** The same-origin API path, such as /api/rides; `:name` is filled from the page's path parameter of that name. */
  path: string;
  /** The query in the order the page sends it: each from a parameter of the page's address (left out when empty), or fixed. */
  query: ({ name: string; param: string } | { name: string; value: string })[];
};

/** The URL a page's declared call requests for an address's query and path parameters (see DataPreload). */
export function dataPreloadUrl(data: DataPreload, address: URLSearchParams, params: Record<string, string> = {}): string {
  const path = data.path.replace(/:(\w+)/g, (_match, name: string) => encodeURIComponent(params[name] ?? ''));
  const query = new URLSearchParams();
  for (const item of data.query) {
    const value = 'value' in item ? item.value : (address.get(item.param) ?? '').trim();
    if (value !== '') query.set(item.name, value);
  }
  const search = query.toString();
  return search ? `${path}?${search}` : path;
}

export type PrerenderManifest = {
  pages: Record<string, PrerenderedPage>;
  /**
   * For the host: each shared module's chunk and every chunk loading it fetches (the shared modules
   * it imports in turn), so a page can preload the host's copies.
   */
  sharedChunks: Record<string, string[]>;
  /**
   * Named groups of chunks the web server adds to some pages, each with the shared modules it
   * imports (the host's remote loader, the entry script's own chunks, the app's).
   */
  groups: Record<string, string[]>;
};

/** Marks the <style> elements of a prerendered page, which the page removes once React has rendered it. */
export const PRERENDERED_STYLES_ATTRIBUTE = 'data-prerendered-styles';

/**
 * Marks the <template> in which a prerendered page lists the scripts to preload; the entry script
 * moves them into the head once the page is painted (frontends/shell/src/main.ts).
 */
export const PRELOAD_TEMPLATE_ATTRIBUTE = 'data-preload-scripts';
