import fastifyHelmet from '@fastify/helmet';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { RemotesConfig } from '../src/remotes-config.ts';

/** A year, as browsers' preload lists expect; sent only over HTTPS, where it means something. */
const HSTS = 'max-age=31536000; includeSubDomains';

/**
 * The origins other than this one that /remotes.json sends the browser to for a remote's entry.
 * Today every remote is served (or proxied) under this origin, so the list is empty; a deploy
 * that points a remote at its own host gets that host allowed without a code change.
 */
export function remoteOrigins(remotes: RemotesConfig): string[] {
  const origins = new Set<string>();
  for (const { entry } of Object.values(remotes)) {
    if (/^https?:\/\//.test(entry)) origins.add(new URL(entry).origin);
  }
  return [...origins];
}

/**
 * The browser features Krom's pages may use: the camera, for the selfie of identity verification
 * (camera-capture.tsx), on this origin only; nothing else (no page asks for the location, the
 * microphone, payments or sensors), so a script injected into a page cannot ask either.
 */
export const PERMISSIONS_POLICY = [
  'camera=(self)',
  // The features current browsers know (an unknown one only adds a console warning).
  ...['accelerometer', 'autoplay', 'display-capture', 'encrypted-media', 'fullscreen', 'geolocation', 'gyroscope', 'hid', 'idle-detection', 'magnetometer', 'microphone', 'midi', 'payment', 'picture-in-picture', 'publickey-credentials-get', 'screen-wake-lock', 'serial', 'usb', 'xr-spatial-tracking'].map(
    (feature) => `${feature}=()`,
  ),
].join(', ');

const servedOverHttps = (request: FastifyRequest) => request.protocol === 'https';
const isApiUrl = (url: string) => url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');

/**
 * Headers that act only on a document, the page the browser shows: its policies (what it may load
 * and use, whether it may be framed) and its browsing context. A script or stylesheet it loads
 * ignores them, and Krom runs no script as a worker (which would take its CSP from its own
 * response), so those answers go without: about 0.8 kB on each of a page's dozens of scripts.
 * X-Content-Type-Options (a script served as something else is refused), Cross-Origin-Resource-Policy
 * (no other site may load them), Referrer-Policy (a module script's imports follow its own
 * response's) and HSTS stay on every answer.
 */
export const DOCUMENT_ONLY_HEADERS = [
  'content-security-policy',
  'cross-origin-opener-policy',
  'origin-agent-cluster',
  'permissions-policy',
  'x-dns-prefetch-control',
  'x-frame-options',
  'x-xss-protection',
];

/** A script or a stylesheet: never shown as a document (with nosniff, not even when opened directly). */
const SUBRESOURCE_TYPE = /^(?:text\/javascript|application\/javascript|text\/css)\b/;

/**
 * Headers on every answer of the web server: a Content-Security-Policy for the built app, no
 * framing (clickjacking), a referrer that never carries a path to another site, a
 * Permissions-Policy allowing the camera alone (PERMISSIONS_POLICY), HSTS over HTTPS
 * only (X-Forwarded-Proto counts when TRUST_PROXY says the proxy may set it), and for /api, which
 * the BFF answers with its own headers, `no-store` even when the BFF is down. Scripts and
 * stylesheets go without the document's own headers (DOCUMENT_ONLY_HEADERS).
 */
export async function registerSecurityHeaders(app: FastifyInstance, remotes: RemotesConfig): Promise<void> {
  const remoteHosts = remoteOrigins(remotes);
  await app.register(fastifyHelmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        // Module federation imports each remote's remoteEntry.js and chunks from where /remotes.json says.
        scriptSrc: ["'self'", ...remoteHosts],
        // styled-components adds its rules through a <style> element it creates at run time, and
        // index.html paints its loading state with an inline <style>: both need 'unsafe-inline'.
        styleSrc: ["'self'", "'unsafe-inline'", ...remoteHosts],
        // data: for inline SVG icons, blob: for the preview of a photo before it is uploaded.
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", ...remoteHosts],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
    strictTransportSecurity: false,
    xFrameOptions: { action: 'deny' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  });
  app.addHook('onRequest', async (request, reply) => {
    reply.header('permissions-policy', PERMISSIONS_POLICY);
    if (servedOverHttps(request)) reply.header('strict-transport-security', HSTS);
    // The BFF's own answer replaces this; it stands for the web server's own 502/504.
    if (isApiUrl(request.url)) reply.header('cache-control', 'no-store');
  });
  // Not for /api, which the BFF answers through the proxy: an onSend hook there held some relayed
  // answers back until the client gave up (bff/test/generated-input.test.ts).
  app.addHook('onSend', (request, reply, payload, done) => {
    if (!isApiUrl(request.url) && SUBRESOURCE_TYPE.test(String(reply.getHeader('content-type') ?? ''))) {
      for (const name of DOCUMENT_ONLY_HEADERS) reply.removeHeader(name);
    }
    done(null, payload);
  });
}
