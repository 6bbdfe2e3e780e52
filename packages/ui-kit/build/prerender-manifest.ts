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
  /**
   * The page works as HTML until a control is used (its links are links, its controls are buttons
   * and selects, no text to type): the web server sends it to a visitor without a session with
   * the host's `appOnDemand` script instead of the app, which loads the app at the first use of a
   * control and passes that use on to it (frontends/shell/src/features/app-on-demand).
   */
  appOnDemand?: boolean;
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
 * variant is rendered for its setting; `answers`, the API answers of a page rendered on request;
 * `screens`, every screen's path pattern as the browser's app will know them (declared-screens.ts),
 * so a link to a screen not built yet is left out on the server as it is in the browser.
 */
export type RenderOptions = { static: boolean; variant?: string; answers?: PageAnswers; screens?: readonly string[] };

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
  /** Small scripts built alone, each one file, by name (the host's `appOnDemand`). */
  scripts?: Record<string, string>;
};

/** A page served before the app runs has its controls disabled until React renders them (render-page.tsx), but looking enabled. */
const CONTROL = /<(input|button|select|textarea)\b([^>]*)>/g;
const UNTIL_APP = ' data-until-app';
const CONTROL_UNTIL_APP = /<(input|button|select|textarea) disabled data-until-app\b([^>]*)>/g;

/**
 * Controls work only once React has rendered the page: until then they are disabled, so nothing
 * typed is lost when React replaces them, no form is sent the browser's way (a GET with the
 * password in the address), and whoever waits for an enabled control (a person, Playwright) waits
 * for React. They keep their enabled look meanwhile; that rule goes with the prerendered styles.
 */
export function disabledUntilApp(page: { html: string; styles: string }): { html: string; styles: string } {
  // A control the page disables itself (React writes `disabled=""`) is left as it is: marked, it would be enabled with the others.
  const html = page.html.replace(CONTROL, (tag, name: string, rest: string) => (/\sdisabled=""/.test(rest) ? tag : `<${name} disabled${UNTIL_APP}${rest}>`));
  return { html, styles: `${page.styles}<style ${PRERENDERED_STYLES_ATTRIBUTE}>${LOOK_ENABLED}</style>` };
}

/**
 * Undoes disabledUntilApp, for a page sent with the app on demand: its controls are live from the
 * start (a control disabled by the page itself stays so). But for the buttons that send a form:
 * without the page's script a press (or Enter in a field) would send it the browser's way, a GET
 * with the password in the address, so they stay disabled until that script enables them.
 */
export function liveControls(html: string): string {
  return html.replace(CONTROL_UNTIL_APP, (tag, name: string, rest: string) => (sendsForm(name, rest) ? tag : `<${name}${rest}>`));
}

/** A submit button (a button's type is submit unless it says otherwise). React writes attribute values with `>` escaped. */
const sendsForm = (name: string, attributes: string) =>
  name === 'button' ? !/\stype="(button|reset)"/.test(attributes) : name === 'input' && /\stype="(submit|image)"/.test(attributes);

const LOOK_ENABLED = '#root[data-prerendered] :disabled[data-until-app]{opacity:1;cursor:auto}';

/** Marks the <style> elements of a prerendered page, which the page removes once React has rendered it. */
export const PRERENDERED_STYLES_ATTRIBUTE = 'data-prerendered-styles';

/**
 * Marks the <template> in which a prerendered page lists the scripts to preload; the entry script
 * moves them into the head once the page is painted (frontends/shell/src/main.ts).
 */
export const PRELOAD_TEMPLATE_ATTRIBUTE = 'data-preload-scripts';
