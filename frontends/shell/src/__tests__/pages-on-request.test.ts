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
export async function render(url, { answers = {} } = {}) {
  const [key, answer] = Object.entries(answers)[0] ?? [];
  if (!answer) return { html: '<p>no answers</p>', styles: '' };
  if (url.startsWith('/ride-preview/')) {
    if (answer.status === 404) return { html: '<h1>Failed to load ride details</h1>', styles: '<style data-prerendered-styles>.failed{}</style>', pageData: { queries: [{ queryKey: ['/api/rides', url.split('/')[2]], state: { status: 'error' } }] } };
    const ride = answer.body;
    return { html: '<h1>' + escape(ride.fromCity + ' → ' + ride.toCity) + '</h1>', styles: '<style data-prerendered-styles>.ride{}</style>', pageData: { queries: [{ queryKey: ['/api/rides', ride.id], state: { data: ride } }] }, head: { title: ride.fromCity + ' → ' + ride.toCity, description: ride.description } };
  }
  return {
    html: '<ul>' + answer.body.rides.map((ride) => '<li><a href="/ride-preview/' + ride.id + '">' + escape(ride.fromCity) + '</a></li>').join('') + '</ul>',
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

async function marketplaceBuild(name: string, withRenderModule: boolean): Promise<string> {
  const dist = path.join(dir, name);
  await mkdir(path.join(dist, 'server'), { recursive: true });
  await writeFile(path.join(dist, 'prerendered.json'), JSON.stringify(marketplaceManifest));
  await writeFile(path.join(dist, 'routes-manifest.json'), JSON.stringify({ name: 'marketplace', module: './routes', paths: ['/ride-listings', '/ride-preview/:id'] }));
  if (withRenderModule) await writeFile(path.join(dist, 'server/render.js'), renderModule);
  return dist;
}

async function webServer(marketplace: { dist: string } | { upstream: string }, bffUrl: string) {
  const shell = path.join(dir, `shell-${Math.random().toString(36).slice(2)}`);
  await mkdir(shell, { recursive: true });
  await writeFile(path.join(shell, 'index.html'), indexHtml);
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

  it("answers a missing ride with the preview's own not-found state and 404", async () => {
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
