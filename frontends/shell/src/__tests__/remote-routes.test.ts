// @vitest-environment node
import { mkdir, mkdtemp, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import type { PublishedRemoteRoutes } from '@krom/ui-kit/remote-route.ts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildRemoteServer } from '../../server/remote-server.ts';
import type { RemoteSource } from '../../server/remote-sources.ts';
import { buildWebServer } from '../../server/web-server.ts';

const indexHtml = `<!doctype html><html><head><script type="module" crossorigin src="/assets/index-Aa11_-bB.js"></script></head>
<body><div id="root"><!--page--><div class="boot" role="status">Loading...</div><!--/page--></div></body></html>`;

/** The routes a page carries, as the shell reads them (app/published-routes.ts). */
function routesIn(html: string): PublishedRemoteRoutes[] {
  const match = /<script type="application\/json" id="krom-remote-routes">([\s\S]*?)<\/script>/.exec(html);
  expect(match, 'the page carries the remotes’ routes').not.toBeNull();
  return JSON.parse(match?.[1] ?? 'null');
}

/**
 * Closes a remote's server at once. The web server asks it every few milliseconds here: a request
 * it is still answering at close would keep its connection open for the keep-alive timeout.
 */
async function closeContainer(container: FastifyInstance) {
  const closing = container.close();
  container.server.closeAllConnections();
  await closing;
}

let dir: string;
let shell: string;

/** A remote build on disk: its routes manifest as its build writes it (build/publish-routes.ts). */
async function publish(dist: string, routes: Omit<PublishedRemoteRoutes, 'name'>) {
  const file = path.join(dist, 'routes-manifest.json');
  await writeFile(file, JSON.stringify({ name: path.basename(dist), ...routes }));
  // A deploy replaces the file: its modification time moves on, even within one clock tick.
  const later = new Date(Date.now() + Math.round(Math.random() * 1e6) + 1000);
  await utimes(file, later, later);
}

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'krom-remote-routes-'));
  shell = path.join(dir, 'shell');
  await mkdir(path.join(shell, 'assets'), { recursive: true });
  await writeFile(path.join(shell, 'index.html'), indexHtml);
  await writeFile(
    path.join(shell, 'prerendered.json'),
    JSON.stringify({ pages: { '/': { html: '<main><h1>Share the ride</h1></main>', styles: '', preload: [], shared: [] } }, sharedChunks: {}, groups: {} }),
  );
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** A remote's build folder, with the routes manifest it published, if any. */
async function remoteBuild(folder: string, routes?: Omit<PublishedRemoteRoutes, 'name'>): Promise<string> {
  const dist = path.join(dir, folder);
  await mkdir(dist, { recursive: true });
  if (routes) await publish(dist, routes);
  return dist;
}

/** A web server for the shell build and these remotes, closed once `use` is done with it. */
async function withWebServer(remotes: Record<string, RemoteSource>, use: (web: FastifyInstance) => Promise<void>, remoteRefreshMs?: number) {
  const web = await buildWebServer({ shellDist: shell, remotes, bffUrl: 'http://127.0.0.1:9', ...(remoteRefreshMs ? { remoteRefreshMs } : {}) });
  try {
    await use(web);
  } finally {
    await web.close();
  }
}

/** A remote's own server (its container) and how it answered each request for the routes manifest. */
async function startContainer(dist: string) {
  const container = await buildRemoteServer({ name: 'trips', dist });
  const answered: number[] = [];
  container.addHook('onResponse', async (request, reply) => {
    if (request.url.endsWith('/routes-manifest.json')) answered.push(reply.statusCode);
  });
  const upstream = await container.listen({ host: '127.0.0.1', port: 0 });
  return { container, upstream, answered };
}

describe("the remotes' routes", () => {
  it('are written into every page, prerendered or not, in the order REMOTES names the remotes', async () => {
    const trips = await remoteBuild('trips', { module: './routes', paths: ['/trips', '/trips/:id'] });
    const admin = await remoteBuild('admin', { module: './routes', paths: ['/admin/*'] });
    await withWebServer({ trips: { dist: trips }, admin: { dist: admin } }, async (web) => {
      const expected = [
        { name: 'trips', module: './routes', paths: ['/trips', '/trips/:id'] },
        { name: 'admin', module: './routes', paths: ['/admin/*'] },
      ];
      const landing = await web.inject({ url: '/', headers: { 'accept-encoding': 'br' } });
      const landingHtml = brotliDecompressSync(landing.rawPayload).toString();
      expect(landingHtml).toContain('<div id="root" data-prerendered>');
      expect(routesIn(landingHtml)).toEqual(expected);
      // After the page's markup, so it does not hold back the first paint.
      expect(landingHtml.indexOf('krom-remote-routes')).toBeGreaterThan(landingHtml.indexOf('Share the ride'));
      expect(routesIn((await web.inject({ url: '/trips/t-1' })).body)).toEqual(expected);
      expect(routesIn((await web.inject({ url: '/no/such/page' })).body)).toEqual(expected);
    });
  });

  it('follow a remote deployed with a new path, on the next page load, with the shell build untouched', async () => {
    const trips = await remoteBuild('trips-redeployed', { module: './routes', paths: ['/trips'] });
    await withWebServer({ trips: { dist: trips } }, async (web) => {
      expect(routesIn((await web.inject({ url: '/trips/t-1/seats' })).body)).toEqual([{ name: 'trips', module: './routes', paths: ['/trips'] }]);
      await publish(trips, { module: './seat-routes', paths: ['/trips', '/trips/:id/seats'] });
      const after = [{ name: 'trips', module: './seat-routes', paths: ['/trips', '/trips/:id/seats'] }];
      expect(routesIn((await web.inject({ url: '/trips/t-1/seats' })).body)).toEqual(after);
      expect(routesIn(brotliDecompressSync((await web.inject({ url: '/', headers: { 'accept-encoding': 'br' } })).rawPayload).toString())).toEqual(after);
    });
  });

  it("follow a remote in its own container: asked again with the last ETag, a redeploy's new path arrives without a restart", async () => {
    const trips = await remoteBuild('trips-container', { module: './routes', paths: ['/trips'] });
    const { container, upstream, answered } = await startContainer(trips);
    try {
      await withWebServer(
        { trips: { upstream } },
        async (web) => {
          // Its name stays the same across deploys: a cache in between must ask again too.
          expect((await container.inject({ url: '/remotes/trips/routes-manifest.json' })).headers['cache-control']).toBe('no-cache');
          expect(routesIn((await web.inject({ url: '/trips' })).body)).toEqual([{ name: 'trips', module: './routes', paths: ['/trips'] }]);
          // Unchanged, the manifest is not sent again.
          await expect.poll(() => answered.includes(304)).toBe(true);
          await publish(trips, { module: './routes', paths: ['/trips', '/trips/:id/seats'] });
          await expect.poll(async () => routesIn((await web.inject({ url: '/trips/t-1/seats' })).body)[0]?.paths).toEqual(['/trips', '/trips/:id/seats']);
          expect(answered[0]).toBe(200);
        },
        20,
      );
    } finally {
      await closeContainer(container);
    }
  });

  it('keep what a remote last published while its server is down or answers something that is not a manifest', async () => {
    const trips = await remoteBuild('trips-broken', { module: './routes', paths: ['/trips'] });
    const { container, upstream, answered } = await startContainer(trips);
    try {
      await withWebServer(
        { trips: { upstream } },
        async (web) => {
          await writeFile(path.join(trips, 'routes-manifest.json'), '{"module": "./routes", "paths": "/trips"}');
          // Wait until the broken manifest has been fetched (a 200 after the first one).
          await expect.poll(() => answered.filter((status) => status === 200).length).toBeGreaterThanOrEqual(2);
          const page = await web.inject({ url: '/trips' });
          expect(page.statusCode).toBe(200);
          expect(routesIn(page.body)).toEqual([{ name: 'trips', module: './routes', paths: ['/trips'] }]);
          await closeContainer(container);
          expect(routesIn((await web.inject({ url: '/trips' })).body)).toEqual([{ name: 'trips', module: './routes', paths: ['/trips'] }]);
        },
        20,
      );
    } finally {
      await closeContainer(container);
    }
  });

  it('leave out a remote whose build published none, or none that can be read, and still answer its pages', async () => {
    const none = await remoteBuild('unpublished');
    const broken = await remoteBuild('broken');
    await writeFile(path.join(broken, 'routes-manifest.json'), '<html>not json</html>');
    await withWebServer({ unpublished: { dist: none }, broken: { dist: broken } }, async (web) => {
      const page = await web.inject({ url: '/anything' });
      expect(page.statusCode).toBe(200);
      expect(routesIn(page.body)).toEqual([]);
    });
  });

  it('cannot end the data block early, whatever a path says', async () => {
    const odd = await remoteBuild('odd', { module: './routes', paths: ['/a</script><script>alert(1)</script>'] });
    await withWebServer({ odd: { dist: odd } }, async (web) => {
      const html = (await web.inject({ url: '/x' })).body;
      expect(html).not.toContain('<script>alert(1)');
      expect(routesIn(html)[0]?.paths).toEqual(['/a</script><script>alert(1)</script>']);
    });
  });
});
