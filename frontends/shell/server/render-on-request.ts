import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import {
  dataPreloadUrl,
  liveControls,
  type PageAnswers,
  type PageHead,
  type PrerenderedPage,
  type RenderedPage,
  type RenderModule,
} from '@krom/ui-kit/build/prerender-manifest.ts';
import { currentUserAddress } from '@krom/contracts/api/current-user-address';
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import { pageDataElement } from '../src/page-data-element.ts';
import type { RemoteSource } from './remote-sources.ts';
import { renderModuleIn } from './render-module.ts';

/**
 * A page a remote renders on each request (`onRequest` in its prerender config: the listing, a
 * ride's preview), as composed around its prerendered markup (prerendered-pages.ts): that markup
 * is what is served when the page cannot be rendered now.
 */
export type OnRequestSource = { remote: string; pattern: string; page: PrerenderedPage };

/** A page rendered for one request: its HTML, and 404 when the API said its subject does not exist. */
export type PageOnRequest = { status: 200 | 404; html: string };

/** How long the BFF and a remote's renderer get before the prerendered page is served instead. */
const DEFAULT_TIMEOUT_MS = 3_000;

/** The path parameters of `pathname` under a pattern such as /ride-preview/:id, or undefined when it does not match. */
export function matchPagePattern(pattern: string, pathname: string): Record<string, string> | undefined {
  const want = pattern.split('/');
  const have = pathname.split('/');
  if (want.length !== have.length) return undefined;
  const params: Record<string, string> = {};
  for (const [index, part] of want.entries()) {
    const actual = have[index] as string;
    if (part.startsWith(':')) {
      let value: string;
      try {
        value = decodeURIComponent(actual);
      } catch {
        return undefined;
      }
      // Filled into an API path (encoded): '.' and '..' would still move up it.
      if (value === '' || value === '.' || value === '..') return undefined;
      params[part.slice(1)] = value;
    } else if (part !== actual) return undefined;
  }
  return params;
}

/**
 * Renders the pages remotes declare `onRequest`, at request time: the web server asks the BFF
 * itself for the API calls the page declares (GET only, with the visitor's Cookie, to BFF_URL and
 * nowhere else), has the remote's render module render the page with the answers (loaded once
 * per build from a folder, or asked of the remote's own server), and puts the markup, its styles,
 * the page's title and Open Graph texts and the answers (for the page's query cache) into the
 * composed page. Anything failing (the BFF down or answering an error other than 404, the remote's
 * renderer missing or failing) gives undefined: the caller serves the prerendered page, which
 * fetches its data itself as before.
 */
export function pagesOnRequest(options: {
  bffUrl: string;
  remotes: Record<string, RemoteSource>;
  log: FastifyBaseLogger;
  timeoutMs?: number;
  /** Every screen's path pattern now (the shell's and the remotes' published ones), as the browser's app declares them. */
  screens?: () => readonly string[];
}) {
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const folders = new Map<string, () => Promise<RenderModule> | undefined>();

  /** The remote's renderer: its build's render module, or its own server. */
  const rendererOf = (remote: string): RenderModule | Promise<RenderModule> | undefined => {
    const source = options.remotes[remote];
    if (!source) return undefined;
    if ('upstream' in source) return remoteRenderer(source.upstream, timeoutMs);
    const loader = folders.get(remote) ?? renderModuleIn(source.dist);
    folders.set(remote, loader);
    return loader();
  };

  /** `onDemand`: `template` is the page with the app on demand, whose controls are live. */
  return async function render(request: FastifyRequest, source: OnRequestSource, template: string, onDemand = false): Promise<PageOnRequest | undefined> {
    const [pathname = '/', search = ''] = request.url.split('?');
    const params = matchPagePattern(source.pattern, pathname);
    const renderer = rendererOf(source.remote);
    if (!params || !renderer) return undefined;
    try {
      const address = new URLSearchParams(search);
      const urls = (source.page.data ?? []).map((data) => dataPreloadUrl(data, address, params));
      const answers = await askBff(options.bffUrl, urls, request, timeoutMs);
      if (!answers) return undefined;
      // Sent with the app on demand, the page is a visitor's without a session: signed out, as the
      // BFF would answer. So it renders all of a guest's page (an empty search's Login to Request a
      // Ride); the app starts from that and asks again when the page first uses it (page-data.ts).
      if (onDemand) answers[currentUserAddress.path] = { status: 401, body: { message: 'Not signed in' } };
      const screens = options.screens?.();
      const rendered = await (await renderer).render(request.url, { static: false, answers, ...(screens ? { screens } : {}) });
      const missing = Object.values(answers).some((answer) => answer.status === 404);
      return { status: missing ? 404 : 200, html: intoTemplate(template, source.page, rendered, { onDemand }) };
    } catch (error) {
      options.log.warn({ err: error, remote: source.remote, url: request.url }, 'a page could not be rendered on request; serving it prerendered');
      return undefined;
    }
  };
}

/**
 * The declared GET calls, asked of the BFF as the visitor's browser would (their Cookie, and who
 * they are in X-Forwarded-*), all at once. Undefined unless every one answered JSON with a
 * success or a 404 (a missing ride is the preview's to show).
 */
async function askBff(bffUrl: string, urls: string[], request: FastifyRequest, timeoutMs: number): Promise<PageAnswers | undefined> {
  const forwardedFor = request.headers['x-forwarded-for'];
  const peer = request.socket.remoteAddress ?? '';
  const headers: Record<string, string> = {
    accept: 'application/json',
    'x-forwarded-for': forwardedFor ? `${forwardedFor}, ${peer}` : peer,
    'x-forwarded-host': request.host,
    'x-forwarded-proto': request.protocol,
  };
  if (request.headers.cookie) headers.cookie = request.headers.cookie;
  const answers: PageAnswers = {};
  const signal = AbortSignal.timeout(timeoutMs);
  const bff = new URL(bffUrl);
  const targets = urls.map((url) => new URL(url, bff));
  // The visitor's cookie goes to the BFF's /api and nowhere else, whatever a build declares.
  if (targets.some((target) => target.origin !== bff.origin || !target.pathname.startsWith('/api/'))) return undefined;
  const results = await Promise.all(
    urls.map(async (url, index) => {
      const response = await fetch(targets[index] as URL, { headers, signal, redirect: 'manual' });
      if (!response.ok && response.status !== 404) return false;
      if (!(response.headers.get('content-type') ?? '').includes('application/json')) return false;
      answers[url] = { status: response.status, body: await response.json() };
      return true;
    }),
  );
  return results.every(Boolean) ? answers : undefined;
}

/** A remote behind its own server renders there (POST /render, which only the web server reaches: it is not under /remotes/). */
function remoteRenderer(upstream: string, timeoutMs: number): RenderModule {
  return {
    render: async (url, { answers, screens }) => {
      const response = await fetch(new URL('/render', upstream), {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ url, answers, screens }),
        signal: AbortSignal.timeout(timeoutMs),
      });
      if (!response.ok) throw new Error(`the remote's server answered ${response.status} to a render`);
      return (await response.json()) as RenderedPage;
    },
  };
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (character) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[character] as string);

/** The page's own title and description, and the same as Open Graph texts for a shared link's card. */
function withHead(html: string, head: PageHead): string {
  const title = escapeHtml(head.title);
  const description = escapeHtml(head.description);
  const meta = [`<meta property="og:title" content="${title}">`, `<meta property="og:description" content="${description}">`, '<meta property="og:type" content="website">'];
  return html
    .replace(/<title>[\s\S]*?<\/title>/, () => `<title>${title}</title>\n${meta.join('\n')}`)
    .replace(/<meta name="description" content="[^"]*"\s*\/?>/, () => `<meta name="description" content="${description}" />`);
}

/**
 * The composed prerendered page with the rendered one in its place: its styles for the
 * prerendered styles, its markup for the prerendered markup, its head texts, and its data at the
 * end of the body.
 */
export function intoTemplate(template: string, prerendered: PrerenderedPage, rendered: RenderedPage, { onDemand = false } = {}): string {
  const markup = (html: string) => (onDemand ? liveControls(html) : html);
  const root = `<div id="root" data-prerendered>${markup(prerendered.html)}</div>`;
  if (!template.includes(root) || !template.includes(prerendered.styles)) throw new Error('the composed page does not hold its prerendered markup');
  let html = template.replace(prerendered.styles, () => rendered.styles).replace(root, () => `<div id="root" data-prerendered>${markup(rendered.html)}</div>`);
  if (rendered.head) html = withHead(html, rendered.head);
  if (rendered.pageData !== undefined) html = html.replace('</body>', () => `${pageDataElement(rendered.pageData)}\n</body>`);
  return html;
}

/** The one encoding a browser takes, compressed for this answer only: fast settings, since it is done per request. */
export function compressFor(html: string, encoding: 'br' | 'gzip' | undefined): Buffer {
  const source = Buffer.from(html);
  if (encoding === 'br') return brotliCompressSync(source, { params: { [constants.BROTLI_PARAM_QUALITY]: 5, [constants.BROTLI_PARAM_SIZE_HINT]: source.length } });
  if (encoding === 'gzip') return gzipSync(source, { level: 6 });
  return source;
}
