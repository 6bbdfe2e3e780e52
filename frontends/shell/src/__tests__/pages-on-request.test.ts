// @vitest-environment node
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import type { PrerenderManifest } from '@krom/ui-kit/build/prerender-manifest.ts';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildRemoteServer } from '../../server/remote-server.ts';
import { buildWebServer } from '../../server/web-server.ts';

const indexHtml = `<!doctype html><html><head><title>Krom</title>
<meta name="description" content="Intercity carpooling" />
<script type="module" crossorigin src="/assets/index-Aa11_-bB.js"></script></head>
<body><div id="root"><!--page--><div class="boot" role="status">Loading...</div><!--/page--></div></body></html>`;

const listingQuery = [
  { name: 'from', param: 'from' },
  { name: 'to', param: 'to' },
  { name: 'page', value: '1' },
];

/** The marketplace's build as the web server reads it: two pages rendered on request, their prerendered frames for when that fails. */
const marketplaceManifest: PrerenderManifest = {
  pages: {
    '/ride-listings': {
      html: '<main><h1>Available Rides</h1><p>Loading rides...</p></main>',
      styles: '<style data-prerendered-styles>.frame{}</style>',
      preload: [],
      shared: [],
      data: [{ path: '/api/rides', query: listingQuery }],
      onRequest: true,
    },
    '/ride-preview/:id': {
      html: '<main><p>Loading ride...</p></main>',
      styles: '<style data-prerendered-styles>.spinner{}</style>',
      preload: [],
      shared: [],
      data: [{ path: '/api/rides/:id', query: [] }],
      onRequest: true,
    },
  },
  sharedChunks: {},
  groups: {},
};

/**
 * Stands in for the marketplace's render module (dist/server/render.js, built from src/prerender.tsx):
 * the rides it was given as list items (texts escaped as React would), a ride's route as the
 * title, and the answers back as the page's data.
 */
const renderModule = `
const escape = (text) => String(text).replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]);
export async function render(url, { answers = {}, screens } = {}) {
  const [key, answer] = Object.entries(answers)[0] ?? [];
  if (url.startsWith('/find-ride')) return { html: '', styles: '' };
  if (!answer) return { html: '<p>no answers</p>', styles: '' };
  if (url.startsWith('/ride-preview/')) {
    if (answer.status === 404) return { html: '<h1>Failed to load ride details</h1>', styles: '<style data-prerendered-styles>.failed{}</style>', pageData: { queries: [{ queryKey: ['/api/rides', url.split('/')[2]], state: { status: 'error' } }] } };
    const ride = answer.body;
    return { html: '<h1>' + escape(ride.fromCity + ' → ' + ride.toCity) + '</h1>', styles: '<style data-prerendered-styles>.ride{}</style>', pageData: { queries: [{ queryKey: ['/api/rides', ride.id], state: { data: ride } }] }, head: { title: ride.fromCity + ' → ' + ride.toCity, description: ride.description } };
  }
  return {
    html: '<ul>' + answer.body.rides.map((ride) => '<li><a href="/ride-preview/' + ride.id + '">' + escape(ride.fromCity) + '</a></li>').join('') + '</ul>'
      + '<button disabled data-until-app type="button">Load more rides</button><button disabled data-until-app disabled="" type="button">Clear filters</button>'
      + '<form><button disabled data-until-app>Search</button><input disabled data-until-app type="submit" value="Go"/></form>'
      + (screens ? '<p id="screens">' + screens.join(' ') + '</p>' : '')
      + '<p id="answered">' + Object.keys(answers).join(' ') + '</p>',
    styles: '<style data-prerendered-styles>.cards{}</style>',
    pageData: { url: key, queries: [{ queryKey: ['/api/rides', {}], state: { data: answer.body } }] },
  };
}
`;

const rides = [
  { id: 'r1', fromCity: 'Accra', toCity: 'Kumasi', description: 'AC on' },
  { id: 'r2', fromCity: 'Tema </script><script>alert(1)</script>', toCity: 'Ho', description: 'x' },
];

let dir: string;
let bff: FastifyInstance;
/** Every call that reached the BFF: its URL and the Cookie it carried. */
const bffCalls: { method: string; url: string; cookie: string | null }[] = [];
/** What the stand-in BFF does next: answer, fail, or answer an error. */
let bffMode: 'ok' | 'error' = 'ok';

async function listen(app: FastifyInstance): Promise<string> {
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  return `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
}

async function marketplaceBuild(name: string, withRenderModule: boolean, manifest = marketplaceManifest): Promise<string> {
  const dist = path.join(dir, name);
  await mkdir(path.join(dist, 'server'), { recursive: true });
  await writeFile(path.join(dist, 'prerendered.json'), JSON.stringify(manifest));
  await writeFile(path.join(dist, 'routes-manifest.json'), JSON.stringify({ name: 'marketplace', module: './routes', paths: ['/ride-listings', '/ride-preview/:id'] }));
  if (withRenderModule) await writeFile(path.join(dist, 'server/render.js'), renderModule);
  return dist;
}

async function webServer(marketplace: { dist: string } | { upstream: string }, bffUrl: string, shellManifest?: PrerenderManifest) {
  const shell = path.join(dir, `shell-${Math.random().toString(36).slice(2)}`);
  await mkdir(shell, { recursive: true });
  await writeFile(path.join(shell, 'index.html'), indexHtml);
  if (shellManifest) await writeFile(path.join(shell, 'prerendered.json'), JSON.stringify(shellManifest));
  return buildWebServer({ shellDist: shell, remotes: { marketplace }, bffUrl });
}

const page = (response: { rawPayload: Buffer; headers: Record<string, unknown> }) =>
  response.headers['content-encoding'] === 'br' ? brotliDecompressSync(response.rawPayload).toString() : response.rawPayload.toString();

/** The JSON data block the page carries for its query cache. */
function pageDataOf(html: string): unknown {
  const match = /<script type="application\/json" id="krom-page-data">([\s\S]*?)<\/script>/.exec(html);
  return match ? JSON.parse(match[1] as string) : undefined;
}

let web: FastifyInstance;
let bffUrl: string;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'krom-on-request-'));
  bff = Fastify();
  bff.get('/api/rides', async (request, reply) => {
    bffCalls.push({ method: request.method, url: request.url, cookie: request.headers.cookie ?? null });
    if (bffMode === 'error') return reply.code(503).send({ message: 'down' });
    return { rides, total: rides.length, page: 1, pageSize: 20 };
  });
  bff.get<{ Params: { id: string } }>('/api/rides/:id', async (request, reply) => {
    bffCalls.push({ method: request.method, url: request.url, cookie: request.headers.cookie ?? null });
    const ride = rides.find((candidate) => candidate.id === request.params.id);
    return ride ? ride : reply.code(404).send({ message: 'Ride not found' });
  });
  bffUrl = await listen(bff);
  web = await webServer({ dist: await marketplaceBuild('marketplace', true) }, bffUrl);
});

afterAll(async () => {
  await web?.close();
  await bff?.close();
  await rm(dir, { recursive: true, force: true });
});

describe('pages rendered on request', () => {
  it("answers the listing with its rides in the HTML, asked of the BFF with the visitor's cookie, and their answer in the page's data", async () => {
    bffCalls.length = 0;
    const response = await web.inject({ url: '/ride-listings?from=Accra&to=Kumasi', headers: { 'accept-encoding': 'br', cookie: 'krom_session=abc' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('private, no-cache');
    expect(response.headers.link).toBeUndefined();
    expect(bffCalls).toEqual([{ method: 'GET', url: '/api/rides?from=Accra&to=Kumasi&page=1', cookie: 'krom_session=abc' }]);
    const html = page(response);
    expect(html).toContain('<div id="root" data-prerendered><ul><li><a href="/ride-preview/r1">Accra</a></li>');
    expect(html).not.toContain('Loading rides...');
    // The render's styles replace the prerendered frame's.
    expect(html).toContain('.cards{}');
    expect(html).not.toContain('.frame{}');
    expect(pageDataOf(html)).toEqual({ url: '/api/rides?from=Accra&to=Kumasi&page=1', queries: [{ queryKey: ['/api/rides', {}], state: { data: { rides, total: 2, page: 1, pageSize: 20 } } }] });
  });

  it('keeps a text in the data from ending its element or starting a script', async () => {
    const html = page(await web.inject({ url: '/ride-listings' }));
    expect(html).not.toContain('</script><script>alert(1)');
    expect(html.match(/<script/g)?.length).toBe((indexHtml.match(/<script/g)?.length ?? 0) + 2);
  });

  it("names a ride in the preview's title and Open Graph texts, escaped", async () => {
    const response = await web.inject({ url: '/ride-preview/r2' });
    expect(response.statusCode).toBe(200);
    const html = page(response);
    const title = 'Tema &lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt; → Ho';
    expect(html).toContain(`<title>${title}</title>`);
    expect(html).toContain(`<meta property="og:title" content="${title}">`);
    expect(html).toContain('<meta property="og:description" content="x">');
    expect(html).toContain('<meta name="description" content="x" />');
  });

  it("answers a missing ride with the preview's own not-found state and 404, to HEAD as to GET", async () => {
    const head = await web.inject({ method: 'HEAD', url: '/ride-preview/nope' });
    expect(head.statusCode).toBe(404);
    expect(head.body).toBe('');
    const response = await web.inject({ url: '/ride-preview/nope' });
    expect(response.statusCode).toBe(404);
    const html = page(response);
    expect(html).toContain('<h1>Failed to load ride details</h1>');
    expect(html).toContain('<title>Krom</title>');
  });

  it('serves the prerendered page, preloading its call, when the BFF answers an error', async () => {
    bffMode = 'error';
    try {
      const response = await web.inject({ url: '/ride-listings?from=Accra' });
      expect(response.statusCode).toBe(200);
      expect(response.headers.link).toBe('</api/rides?from=Accra&page=1>; rel=preload; as=fetch; crossorigin=use-credentials');
      const html = page(response);
      expect(html).toContain('Loading rides...');
      expect(pageDataOf(html)).toBeUndefined();
    } finally {
      bffMode = 'ok';
    }
  });

  it('serves the prerendered pages when the BFF cannot be reached or the build has no render module', async () => {
    const unreachable = await webServer({ dist: await marketplaceBuild('marketplace-2', true) }, 'http://127.0.0.1:9');
    const withoutModule = await webServer({ dist: await marketplaceBuild('marketplace-3', false) }, bffUrl);
    try {
      for (const server of [unreachable, withoutModule]) {
        const listing = await server.inject({ url: '/ride-listings?from=Accra' });
        expect(page(listing)).toContain('Loading rides...');
        const preview = await server.inject({ url: '/ride-preview/r1' });
        expect(preview.statusCode).toBe(200);
        expect(preview.headers.link).toBe('</api/rides/r1>; rel=preload; as=fetch; crossorigin=use-credentials');
        expect(page(preview)).toContain('Loading ride...');
      }
    } finally {
      await unreachable.close();
      await withoutModule.close();
    }
  });

  it('asks the BFF nothing for a path parameter that would move up the API path', async () => {
    bffCalls.length = 0;
    for (const url of ['/ride-preview/..', '/ride-preview/%2E%2E', '/ride-preview/.']) {
      const response = await web.inject({ url, headers: { cookie: 'krom_session=abc' } });
      expect(page(response), url).not.toContain('Failed to load ride details');
    }
    expect(bffCalls).toEqual([]);
  });

  it('does not serve the render module to browsers', async () => {
    const response = await web.inject({ url: '/remotes/marketplace/server/render.js' });
    expect(response.statusCode).toBe(404);
    expect(response.body).not.toContain('export async function render');
  });

  it("renders a remote's pages on its own server (its container), and serves them prerendered while it is down", async () => {
    const remote = await buildRemoteServer({ name: 'marketplace', dist: await marketplaceBuild('marketplace-4', true) });
    const upstream = await listen(remote);
    const server = await webServer({ upstream }, bffUrl);
    try {
      const html = page(await server.inject({ url: '/ride-listings?from=Accra' }));
      expect(html).toContain('<a href="/ride-preview/r1">Accra</a>');
      // The screens travel with the render to the remote's server.
      expect(html).toContain('<p id="screens">/ /waitlist /thank-you /contact /terms /privacy /ride-listings /ride-preview/:id</p>');
      const badScreens = await remote.inject({ method: 'POST', url: '/render', payload: { url: '/ride-listings', answers: {}, screens: '/all' } });
      expect(badScreens.statusCode).toBe(400);
      // Only the web server reaches the render route: /remotes/ is all it passes through.
      const outside = await server.inject({ method: 'POST', url: '/render', payload: { url: '/ride-listings', answers: {} } });
      expect(outside.statusCode).toBe(404);
      await remote.close();
      expect(page(await server.inject({ url: '/ride-listings?from=Accra' }))).toContain('Loading rides...');
    } finally {
      await server.close();
      await remote.close();
    }
  });
});

describe('pages with the app on demand', () => {
  /** The shell's build names its small script; the marketplace marks its pages that work as HTML until a control is used. */
  const shellManifest: PrerenderManifest = { pages: {}, sharedChunks: {}, groups: {}, scripts: { appOnDemand: '/assets/app-on-demand-Cc33.js' } };
  const onDemandManifest: PrerenderManifest = {
    ...marketplaceManifest,
    pages: {
      ...Object.fromEntries(Object.entries(marketplaceManifest.pages).map(([pathname, built]) => [pathname, { ...built, appOnDemand: true }])),
      '/find-ride': { html: '<main><button disabled data-until-app type="button">From</button></main>', styles: '', preload: [], shared: [], appOnDemand: true },
    },
  };
  let server: FastifyInstance;
  beforeAll(async () => {
    server = await webServer({ dist: await marketplaceBuild('marketplace-on-demand', true, onDemandManifest) }, bffUrl, shellManifest);
  });
  afterAll(async () => {
    await server?.close();
  });

  const scriptsOf = (html: string) => [...html.matchAll(/<script[^>]*\ssrc="[^"]*"[^>]*>/g)].map((match) => match[0]);

  it('sends a guest the listing with its rides and only the small script, which names the app, and controls that work', async () => {
    const html = page(await server.inject({ url: '/ride-listings?from=Accra', headers: { 'accept-encoding': 'br' } }));
    expect(html).toContain('<a href="/ride-preview/r1">Accra</a>');
    expect(scriptsOf(html)).toEqual(['<script type="module" async crossorigin src="/assets/app-on-demand-Cc33.js" data-app="/assets/index-Aa11_-bB.js">']);
    // The app's preloads wait in their template, which the browser does not act on, for the app.
    expect(html.replace(/<template[\s\S]*?<\/template>/, '')).not.toContain('rel="modulepreload"');
    expect(html).toContain('<button type="button">Load more rides</button>');
    // A control the page itself disables stays disabled.
    expect(html).toContain('<button disabled="" type="button">Clear filters</button>');
    // A button that sends a form stays disabled until the small script runs: no GET with what was typed without it.
    expect(html).toContain('<form><button disabled data-until-app>Search</button><input disabled data-until-app type="submit" value="Go"/></form>');
    expect(pageDataOf(html)).toBeDefined();
    // Rendered as a guest's page: signed out, as the BFF would answer a visitor without a session.
    expect(html).toContain('<p id="answered">/api/rides?from=Accra&page=1 /api/auth/user</p>');
  });

  it('sends a visitor with a session the page with the app, its controls waiting for it', async () => {
    for (const cookie of ['krom_session=abc', 'theme=dark; __Host-krom_session=abc']) {
      const html = page(await server.inject({ url: '/ride-listings?from=Accra', headers: { cookie } }));
      expect(scriptsOf(html), cookie).toEqual(['<script type="module" crossorigin src="/assets/index-Aa11_-bB.js">']);
      expect(html).toContain('<button disabled data-until-app type="button">Load more rides</button>');
      expect(html).not.toContain('/api/auth/user</p>');
    }
  });

  it('sends a guest a prerendered page that works as HTML the same way', async () => {
    const guestResponse = await server.inject({ url: '/find-ride' });
    // The same address answers differently by cookie: no shared cache may give one visitor's to the other.
    expect(guestResponse.headers.vary).toBe('accept-encoding, cookie');
    expect(guestResponse.headers['cache-control']).toBe('private, no-cache');
    const guest = page(guestResponse);
    expect(scriptsOf(guest)).toEqual(['<script type="module" async crossorigin src="/assets/app-on-demand-Cc33.js" data-app="/assets/index-Aa11_-bB.js">']);
    expect(guest).toContain('<main><button type="button">From</button></main>');
    const member = page(await server.inject({ url: '/find-ride', headers: { cookie: 'krom_session=abc' } }));
    expect(scriptsOf(member)).toEqual(['<script type="module" crossorigin src="/assets/index-Aa11_-bB.js">']);
  });

  it('sends the app with a page rendered on request that could not be rendered: it fetches its own data', async () => {
    bffMode = 'error';
    try {
      const html = page(await server.inject({ url: '/ride-listings?from=Accra' }));
      expect(html).toContain('Loading rides...');
      expect(scriptsOf(html)).toEqual(['<script type="module" crossorigin src="/assets/index-Aa11_-bB.js">']);
    } finally {
      bffMode = 'ok';
    }
  });

  it("renders with every screen the browser's app declares, so a link to a screen not built yet is left out on the server too", async () => {
    const html = page(await server.inject({ url: '/ride-listings?from=Accra' }));
    expect(/<p id="screens">([^<]*)<\/p>/.exec(html)?.[1]?.split(' ').sort()).toEqual(['/', '/contact', '/privacy', '/ride-listings', '/ride-preview/:id', '/terms', '/thank-you', '/waitlist']);
  });
});
