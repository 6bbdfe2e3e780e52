import fastifyHttpProxy from '@fastify/http-proxy';
import type { Http2SecureServer } from 'node:http2';
import Fastify, { type FastifyHttp2SecureOptions, type FastifyInstance, type FastifyReply, type FastifyServerOptions } from 'fastify';
import { answerClientError } from '@krom/contracts/api/client-errors';
import { dataPreloadUrl } from '@krom/ui-kit/build/prerender-manifest.ts';
import { REMOTES_CONFIG_PATH } from '../src/remotes-config.ts';
import { cacheControlFor } from './cache-policy.ts';
import { answerExpectContinue, endToEndHeaders, guardApiRequests } from './api-request-guard.ts';
import { type ComposedPage, followRemoteManifests, prerenderedPages } from './prerendered-pages.ts';
import { compressFor, matchPagePattern, type PageOnRequest, pagesOnRequest } from './render-on-request.ts';
import { SHELL_SCREENS } from '../src/app/shell-screens.ts';
import { followRemoteRoutes } from './remote-routes.ts';
import { type RemoteSource, remoteBase, remotesConfigFor } from './remote-sources.ts';
import { registerSecurityHeaders } from './security-headers.ts';
import { registerBuild } from './static-files.ts';

export type WebServerOptions = {
  /** The shell's build (served at /). */
  shellDist: string;
  /** Each remote, served at /remotes/<name>/ from a folder or proxied to its own server. */
  remotes: Record<string, RemoteSource>;
  bffUrl: string;
  /** Honour X-Forwarded-* from a load balancer in front of this server. */
  trustProxy?: boolean;
  /** The marketplace is not open yet: every page says so to the shell (src/launch-setting.ts). */
  preLaunch?: boolean;
  logger?: FastifyServerOptions['logger'];
  /**
   * A certificate and its key (PEM): the server answers over TLS, HTTP/2 to browsers that offer
   * it (every current one) and HTTP/1.1 to the rest. Without them, plain HTTP/1.1, for a
   * TLS-terminating proxy in front or a developer's machine.
   */
  tls?: { cert: string | Buffer; key: string | Buffer };
  /** How often the files of remotes behind their own servers are asked for again (30 s unless set). */
  remoteRefreshMs?: number;
  /** How long a page rendered on request waits for the BFF and the remote's renderer before it is served prerendered (3 s unless set). */
  renderTimeoutMs?: number;
};

/** A path whose last segment has an extension is a file request, never a page of the app. */
const looksLikeFile = /\/[^/]*\.[^/]+$/;

const unreachable = { message: 'Krom is not reachable right now. Please try again in a moment.' };

/**
 * The public web server: the shell at /, each remote at /remotes/<name>/ (from disk or its own
 * server), /remotes.json saying where their entries are, /api passed to the BFF unchanged
 * (cookies both ways; a body over the route's limit refused here, see api-request-guard.ts)
 * and every other page path answered with the shell's index.html.
 */
export async function buildWebServer(options: WebServerOptions): Promise<FastifyInstance> {
  const logger = options.logger ?? false;
  const trustProxy = options.trustProxy ?? false;
  // HTTP/2 carries a page's many scripts over one connection, without HTTP/1.1's six-at-a-time
  // queue; the routes below are the same either way (Fastify's request and reply hide the protocol).
  // Headers over Node's 16 KiB, and other requests Node cannot parse: a complete answer, never a reset.
  const clientErrorHandler = answerClientError;
  const app = options.tls
    ? (Fastify({
        logger: logger as FastifyHttp2SecureOptions<Http2SecureServer>['logger'],
        trustProxy,
        clientErrorHandler,
        http2: true,
        https: { allowHTTP1: true, cert: options.tls.cert, key: options.tls.key },
      }) as unknown as FastifyInstance)
    : Fastify({ logger, trustProxy, clientErrorHandler });

  // Read by the shell on the first visit to a remote's page; revalidated so a deploy that moves a
  // remote takes effect on the next page load.
  const remotesConfig = remotesConfigFor(options.remotes);
  await registerSecurityHeaders(app, remotesConfig);

  app.get('/health/live', async () => ({ status: 'ok' }));
  app.get(REMOTES_CONFIG_PATH, async (_request, reply) => reply.header('cache-control', 'no-cache').send(remotesConfig));

  answerExpectContinue(app.server);
  await app.register(async (api) => {
    guardApiRequests(api);
    await api.register(fastifyHttpProxy, {
      upstream: options.bffUrl,
      prefix: '/api',
      rewritePrefix: '/api',
      replyOptions: {
        // The BFF could not be reached: a gateway error in the one error shape, not a bare 500.
        onError: (reply, { error }) => {
          reply.log.warn({ err: error }, 'the BFF did not answer');
          const timedOut = (error as { statusCode?: number }).statusCode === 504;
          reply.code(timedOut ? 504 : 502).send(unreachable);
        },
        // The BFF sees who really called (address, host, scheme); Origin and Cookie pass as sent.
        rewriteRequestHeaders: (request, headers) => {
          // Appended like any proxy does; the BFF decides how many hops it trusts.
          const peer = request.socket.remoteAddress ?? '';
          const forwardedFor = headers['x-forwarded-for'];
          return {
            ...endToEndHeaders(headers),
            'x-forwarded-for': forwardedFor ? `${forwardedFor}, ${peer}` : peer,
            'x-forwarded-host': request.host,
            'x-forwarded-proto': request.protocol,
          };
        },
      },
    });
  });

  // Every page carries the routes the remotes publish. Public pages the builds prerendered (the
  // landing, login, sign-up) answer before any file lookup; every other page path is index.html (the
  // not-found handler below). A remote in its own container has its prerendered.json and routes
  // manifest fetched from there at start, and again every 30 s (remoteRefreshMs).
  const everyMs = options.remoteRefreshMs ?? 30_000;
  const remoteManifests = followRemoteManifests(options.remotes, { everyMs });
  const remoteRoutes = followRemoteRoutes(options.remotes, {
    everyMs,
    onUnreadable: (remote, error) => app.log.warn({ err: error, remote }, "a remote's routes manifest could not be read"),
  });
  await Promise.all([remoteManifests.refresh(), remoteRoutes.refresh()]);
  app.addHook('onClose', async () => {
    await Promise.all([remoteManifests.stop(), remoteRoutes.stop()]);
  });
  const preLaunch = options.preLaunch ?? false;
  const pages = prerenderedPages({
    shellDist: options.shellDist,
    remotes: options.remotes,
    remotesConfig,
    fetched: remoteManifests.fetched,
    preLaunch,
    remoteRoutes: remoteRoutes.current,
  });
  // The listing and a ride's preview come with their data in the HTML, rendered for each request
  // (render-on-request.ts); when that cannot be done, as they were prerendered.
  const renderOnRequest = pagesOnRequest({
    bffUrl: options.bffUrl,
    remotes: options.remotes,
    log: app.log,
    timeoutMs: options.renderTimeoutMs,
    screens: () => [...SHELL_SCREENS, ...remoteRoutes.current().routes.flatMap((remote) => remote.paths)],
  });
  app.addHook('onRequest', async (request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    if ((request.method !== 'GET' && request.method !== 'HEAD') || !isPagePath(pathname)) return;
    // `/` not prerendered would be the build's own index.html, without the routes.
    const page = pages.prerendered(pathname) ?? (pathname === '/' ? pages.index() : undefined);
    if (!page) return;
    // A visitor without a session gets a page that works as HTML with the app on demand
    // (features/app-on-demand); a member's page shows what the app knows of them.
    const onDemand = page.onDemand && !hasSessionCookie(request.headers.cookie) ? page.onDemand : undefined;
    // HEAD too, so it answers as GET would (a missing ride's 404); Node sends no body to a HEAD.
    if (page.onRequest) {
      const rendered = await renderOnRequest(request, page.onRequest, (onDemand ?? page).text, onDemand !== undefined);
      if (rendered) return sendRenderedPage(reply, request.headers['accept-encoding'], rendered);
    }
    const params = page.onRequest ? matchPagePattern(page.onRequest.pattern, pathname) : undefined;
    // Prerendered without its data (the BFF did not answer), a page rendered on request needs the app to fetch it.
    const served = page.onRequest ? page : (onDemand ?? page);
    // Which of the two a visitor gets depends on their cookie: no shared cache keeps either.
    if (page.onDemand) reply.header('vary', 'accept-encoding, cookie');
    return sendPage(reply, request.headers['accept-encoding'], served, request.url, params, page.onDemand ? 'private, no-cache' : undefined);
  });

  await registerBuild(app, { root: options.shellDist, prefix: '/', decorateReply: true });

  for (const [name, source] of Object.entries(options.remotes)) {
    if ('dist' in source) {
      await registerBuild(app, { root: source.dist, prefix: remoteBase(name), decorateReply: false });
      continue;
    }
    // The remote's own server serves its build under the same path, with its own cache headers.
    await app.register(fastifyHttpProxy, {
      upstream: source.upstream,
      prefix: remoteBase(name),
      rewritePrefix: remoteBase(name),
      httpMethods: ['GET', 'HEAD'],
      replyOptions: {
        onError: (reply, { error }) => {
          reply.log.warn({ err: error, remote: name }, 'a remote frontend server did not answer');
          reply.code(502).send(unreachable);
        },
      },
    });
  }

  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    const isPage = (request.method === 'GET' || request.method === 'HEAD') && isPagePath(pathname);
    // The shell's router decides what the path shows, including its own 404 page.
    const page = isPage ? pages.index() : undefined;
    if (page) return sendPage(reply, request.headers['accept-encoding'], page, request.url);
    return reply.code(404).type('application/json').send({ message: 'Not found' });
  });

  return app;
}

/**
 * Whether the request carries the BFF's session cookie (bff/src/plugins/sessions.ts names it
 * krom_session, __Host-krom_session over HTTPS). Its presence is enough: a stale one gets the page
 * with the app, as every page was sent before.
 */
const SESSION_COOKIE = /(?:^|;\s*)(?:__Host-)?krom_session=/;
export const hasSessionCookie = (cookie: string | undefined): boolean => cookie !== undefined && SESSION_COOKIE.test(cookie);

/** A path the shell's router answers, rather than a file, the API or a remote's build. */
function isPagePath(pathname: string): boolean {
  return !pathname.startsWith('/api/') && !pathname.startsWith('/remotes/') && !pathname.startsWith('/assets/') && !looksLikeFile.test(pathname);
}

/**
 * A prerendered page, brotli or gzip when the browser takes them; revalidated like index.html.
 * The API calls the page makes first, built from this address, are named in a Link header, so
 * the browser fetches them beside the page's scripts (with the credentials the page's own fetch
 * sends, or the browser would not reuse the answer).
 */
function sendPage(
  reply: FastifyReply,
  acceptEncoding: string | undefined,
  page: ComposedPage,
  url: string,
  params: Record<string, string> = {},
  cacheControl = cacheControlFor('index.html'),
) {
  if (page.data.length > 0) {
    const address = new URLSearchParams(url.split('?')[1] ?? '');
    reply.header('link', page.data.map((data) => `<${dataPreloadUrl(data, address, params)}>; rel=preload; as=fetch; crossorigin=use-credentials`).join(', '));
  }
  const encoding = encodingFor(acceptEncoding);
  return sendHtml(reply, encoding, encoding ? page[encoding] : page.html, cacheControl);
}

/**
 * A page rendered for this request: its data is in it, so nothing to preload. It may show what
 * only this visitor sees (their own ride), so no shared cache keeps it.
 */
function sendRenderedPage(reply: FastifyReply, acceptEncoding: string | undefined, page: PageOnRequest) {
  const encoding = encodingFor(acceptEncoding);
  reply.code(page.status);
  return sendHtml(reply, encoding, compressFor(page.html, encoding), 'private, no-cache');
}

function encodingFor(acceptEncoding: string | undefined): 'br' | 'gzip' | undefined {
  const accepted = acceptEncoding ?? '';
  return /\bbr\b/.test(accepted) ? 'br' : /\bgzip\b/.test(accepted) ? 'gzip' : undefined;
}

function sendHtml(reply: FastifyReply, encoding: 'br' | 'gzip' | undefined, body: Buffer, cacheControl: string) {
  reply
    .type('text/html; charset=utf-8')
    .header('cache-control', cacheControl)
    .header('x-content-type-options', 'nosniff')
    .header('vary', reply.getHeader('vary') ?? 'accept-encoding');
  if (encoding) reply.header('content-encoding', encoding);
  return reply.send(body);
}
