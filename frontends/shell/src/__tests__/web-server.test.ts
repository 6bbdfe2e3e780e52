// @vitest-environment node
import { readFileSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { request as httpsRequest } from 'node:https';
import { connect as http2Connect } from 'node:http2';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadRemoteServerConfig, loadWebConfig } from '../../server/config.ts';
import { buildRemoteServer } from '../../server/remote-server.ts';
import { DOCUMENT_ONLY_HEADERS, remoteOrigins } from '../../server/security-headers.ts';
import { buildWebServer } from '../../server/web-server.ts';

const appJs = `console.log(${JSON.stringify('krom '.repeat(400))});`;
const indexHtml = '<!doctype html><html><body><div id="root"></div></body></html>';
const marketplaceRoutes = { name: 'marketplace', module: './routes', paths: ['/post-ride', '/rides/:rideId'] };
const adminRoutes = { name: 'admin', module: './routes', paths: ['/admin/*'] };
/** What every page carries: the routes each remote published, in the order REMOTES names them. */
const noRoutesElement = '<script type="application/json" id="krom-remote-routes">[]</script>';
const routesElement = `<script type="application/json" id="krom-remote-routes">${JSON.stringify([adminRoutes, marketplaceRoutes])}</script>`;

/** A Content-Security-Policy header as its directives, each with its sources. */
function cspOf(header: string | string[] | number | undefined): Record<string, string[]> {
  expect(typeof header).toBe('string');
  return Object.fromEntries(
    String(header)
      .split(';')
      .map((directive) => directive.trim().split(/\s+/))
      .filter(([name]) => name)
      .map(([name, ...sources]) => [name, sources]),
  );
}

let dir: string;
let bff: FastifyInstance;
let web: FastifyInstance;
/** The marketplace's own server (its container in production), which the web server proxies to. */
let marketplace: FastifyInstance;

async function listenOnFreePort(app: FastifyInstance): Promise<string> {
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  return `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
}

async function writeDist() {
  dir = await mkdtemp(path.join(tmpdir(), 'krom-web-'));
  const shell = path.join(dir, 'shell');
  const admin = path.join(dir, 'admin');
  await mkdir(path.join(shell, 'assets'), { recursive: true });
  const market = path.join(dir, 'marketplace');
  await mkdir(path.join(admin, 'assets'), { recursive: true });
  await mkdir(path.join(market, 'assets'), { recursive: true });
  await writeFile(path.join(market, 'assets/remoteEntry.js'), 'export const init = () => {};');
  await writeFile(path.join(market, 'assets/post-ride-page-Xy12_-aB.js'), appJs);
  await writeFile(path.join(market, 'assets/post-ride-page-Xy12_-aB.js.gz'), gzipSync(appJs));
  await writeFile(path.join(shell, 'index.html'), indexHtml);
  await writeFile(path.join(shell, 'assets/landing-page-Ab12_-cD.js'), appJs);
  await writeFile(path.join(shell, 'assets/landing-page-Ab12_-cD.js.gz'), gzipSync(appJs));
  await writeFile(path.join(admin, 'assets/remoteEntry.js'), 'export const get = () => {};');
  await writeFile(path.join(admin, 'routes-manifest.json'), JSON.stringify(adminRoutes));
  await writeFile(path.join(market, 'routes-manifest.json'), JSON.stringify(marketplaceRoutes));
  return { shell, admin, market };
}

beforeAll(async () => {
  const dists = await writeDist();
  // Stands in for the BFF: echoes what reached it and sets a session cookie.
  bff = Fastify();
  bff.all('/api/*', async (request, reply) => {
    reply.header('set-cookie', 'krom_session=fresh; Path=/; HttpOnly; SameSite=Lax');
    return reply.code(request.method === 'POST' ? 201 : 200).send({
      method: request.method,
      url: request.url,
      body: request.body ?? null,
      cookie: request.headers.cookie ?? null,
      origin: request.headers.origin ?? null,
      forwardedHost: request.headers['x-forwarded-host'] ?? null,
      forwardedProto: request.headers['x-forwarded-proto'] ?? null,
      forwardedFor: request.headers['x-forwarded-for'] ?? null,
    });
  });
  await bff.listen({ host: '127.0.0.1', port: 0 });
  const address = bff.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  marketplace = await buildRemoteServer({ name: 'marketplace', dist: dists.market });
  web = await buildWebServer({
    shellDist: dists.shell,
    remotes: { admin: { dist: dists.admin }, marketplace: { upstream: await listenOnFreePort(marketplace) } },
    bffUrl: `http://127.0.0.1:${port}`,
  });
});

afterAll(async () => {
  await web?.close();
  await bff?.close();
  await marketplace?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe('web server', () => {
  it('serves hashed assets precompressed and cached for good', async () => {
    const response = await web.inject({
      url: '/assets/landing-page-Ab12_-cD.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(response.rawPayload).toString()).toBe(appJs);
  });

  it('answers page paths with the shell, never cached without revalidation', async () => {
    for (const url of ['/', '/waitlist', '/admin/login', '/no/such/page?x=1']) {
      const response = await web.inject({ url, headers: { accept: 'text/html' } });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type']).toContain('text/html');
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.body).toBe(indexHtml.replace('</body>', `${routesElement}\n</body>`));
    }
  });

  it('does not answer a missing script with the HTML page', async () => {
    const missing = await web.inject({ url: '/assets/gone-Zz99Zz99.js' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: 'Not found' });
    expect((await web.inject({ url: '/remotes/admin/assets/gone-Zz99Zz99.js' })).statusCode).toBe(404);
  });

  it("serves each remote under /remotes/<name>/, its entry always revalidated", async () => {
    const response = await web.inject({ url: '/remotes/admin/assets/remoteEntry.js' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.body).toBe('export const get = () => {};');
  });

  it('tells the browser where each remote entry is, from its configuration', async () => {
    const response = await web.inject({ url: '/remotes.json' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.json()).toEqual({
      admin: { entry: '/remotes/admin/assets/remoteEntry.js' },
      marketplace: { entry: '/remotes/marketplace/assets/remoteEntry.js' },
    });
  });

  it("passes a remote's files from its own server, precompressed and with its cache policy", async () => {
    const entry = await web.inject({ url: '/remotes/marketplace/assets/remoteEntry.js' });
    expect(entry.statusCode).toBe(200);
    expect(entry.headers['cache-control']).toBe('no-cache');
    expect(entry.body).toBe('export const init = () => {};');

    const chunk = await web.inject({
      url: '/remotes/marketplace/assets/post-ride-page-Xy12_-aB.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(chunk.statusCode).toBe(200);
    expect(chunk.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(chunk.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(chunk.rawPayload).toString()).toBe(appJs);

    const missing = await web.inject({ url: '/remotes/marketplace/assets/gone-Zz99Zz99.js' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: 'Not found' });
  });

  it("answers 502 in the error shape when a remote's server is down", async () => {
    // Nothing listens on port 9 (a port just freed could be taken by another test's server meanwhile).
    const url = 'http://127.0.0.1:9';
    const down = await buildWebServer({ shellDist: dir, remotes: { admin: { upstream: url } }, bffUrl: url });
    const response = await down.inject({ url: '/remotes/admin/assets/remoteEntry.js' });
    await down.close();
    expect(response.statusCode).toBe(502);
    expect(response.json()).toEqual({ message: 'Krom is not reachable right now. Please try again in a moment.' });
  });

  it('passes /api to the BFF with cookies both ways and forwarding headers', async () => {
    const response = await web.inject({
      method: 'POST',
      url: '/api/waitlist?source=landing',
      headers: {
        host: 'krom.example',
        origin: 'https://krom.example',
        cookie: 'krom_session=old',
        'content-type': 'application/json',
        // Forged by the caller: without TRUST_PROXY it must not become the forwarded scheme.
        'x-forwarded-proto': 'https',
      },
      payload: { name: 'Ama Mensah' },
    });
    expect(response.statusCode).toBe(201);
    expect(response.headers['set-cookie']).toBe('krom_session=fresh; Path=/; HttpOnly; SameSite=Lax');
    const seen = response.json();
    expect(seen).toMatchObject({
      method: 'POST',
      url: '/api/waitlist?source=landing',
      body: { name: 'Ama Mensah' },
      cookie: 'krom_session=old',
      origin: 'https://krom.example',
      forwardedHost: 'krom.example',
      forwardedProto: 'http',
    });
    expect(seen.forwardedFor).toBeTruthy();
  });

  it('answers 502 in the error shape when the BFF is down', async () => {
    // Nothing listens on port 9 (a port just freed could be taken by another test's server meanwhile).
    const down = await buildWebServer({ shellDist: dir, remotes: {}, bffUrl: 'http://127.0.0.1:9' });
    const response = await down.inject({ url: '/api/auth/user' });
    await down.close();
    expect(response.statusCode).toBe(502);
    expect(response.json()).toEqual({ message: 'Krom is not reachable right now. Please try again in a moment.' });
  });

  it('sends a Content-Security-Policy for the built app and refuses to be framed', async () => {
    for (const url of ['/', '/admin/login', '/remotes.json', '/no-such-file.png']) {
      const response = await web.inject({ url });
      const policy = cspOf(response.headers['content-security-policy']);
      expect(policy['default-src'], url).toEqual(["'self'"]);
      expect(policy['script-src'], url).toEqual(["'self'"]);
      expect(policy['style-src'], url).toEqual(["'self'", "'unsafe-inline'"]);
      expect(policy['img-src'], url).toEqual(["'self'", 'data:', 'blob:']);
      expect(policy['object-src'], url).toEqual(["'none'"]);
      expect(policy['frame-ancestors'], url).toEqual(["'none'"]);
      expect(response.headers['x-frame-options'], url).toBe('DENY');
      expect(response.headers['referrer-policy'], url).toBe('strict-origin-when-cross-origin');
      expect(response.headers['x-content-type-options'], url).toBe('nosniff');
    }
  });

  it("sends scripts without the headers only a document acts on, keeping those that protect the script", async () => {
    const scripts = ['/assets/landing-page-Ab12_-cD.js', '/remotes/admin/assets/remoteEntry.js', '/remotes/marketplace/assets/post-ride-page-Xy12_-aB.js'];
    for (const url of scripts) {
      const response = await web.inject({ url, headers: { 'accept-encoding': 'gzip' } });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type'], url).toContain('javascript');
      for (const name of DOCUMENT_ONLY_HEADERS) expect(response.headers[name], `${url} ${name}`).toBeUndefined();
      expect(response.headers['x-content-type-options'], url).toBe('nosniff');
      expect(response.headers['cross-origin-resource-policy'], url).toBe('same-origin');
      expect(response.headers['referrer-policy'], url).toBe('strict-origin-when-cross-origin');
    }
    // The page that runs them has every one.
    const page = await web.inject({ url: '/' });
    for (const name of DOCUMENT_ONLY_HEADERS) expect(page.headers[name], name).toBeDefined();
  });

  it('lets pages use the camera (the verification selfie) on this origin only, and no other browser feature', async () => {
    for (const url of ['/', '/login', '/admin/login', '/verify-identity']) {
      const response = await web.inject({ url });
      const policy = Object.fromEntries(
        String(response.headers['permissions-policy'])
          .split(',')
          .map((directive) => directive.trim().split('=') as [string, string]),
      );
      expect(policy.camera, url).toBe('(self)');
      for (const feature of ['geolocation', 'microphone', 'payment', 'usb', 'display-capture', 'fullscreen']) expect(policy[feature], `${url} ${feature}`).toBe('()');
      expect(Object.entries(policy).filter(([feature, allowed]) => feature !== 'camera' && allowed !== '()'), url).toEqual([]);
    }
  });

  it('would allow scripts from a remote that /remotes.json placed on another origin', () => {
    // This server publishes every remote under its own origin ('self'); a deploy serving one from its own host gets it allowed.
    expect(
      remoteOrigins({
        marketplace: { entry: 'https://cdn.krom.example/remotes/marketplace/assets/remoteEntry.js' },
        admin: { entry: '/remotes/admin/assets/remoteEntry.js' },
      }),
    ).toEqual(['https://cdn.krom.example']);
  });

  it('sends HSTS only when the page was served over HTTPS', async () => {
    const plain = await web.inject({ url: '/' });
    expect(plain.headers['strict-transport-security']).toBeUndefined();
    // Without TRUST_PROXY a forged X-Forwarded-Proto does not count.
    const forged = await web.inject({ url: '/', headers: { 'x-forwarded-proto': 'https' } });
    expect(forged.headers['strict-transport-security']).toBeUndefined();

    const behindProxy = await buildWebServer({ shellDist: dir, remotes: {}, bffUrl: 'http://127.0.0.1:9', trustProxy: true });
    const overHttps = await behindProxy.inject({ url: '/', headers: { 'x-forwarded-proto': 'https' } });
    const overHttp = await behindProxy.inject({ url: '/', headers: { 'x-forwarded-proto': 'http' } });
    await behindProxy.close();
    expect(overHttps.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    expect(overHttp.headers['strict-transport-security']).toBeUndefined();
  });

  it('never lets an /api answer be cached, even when the BFF is down', async () => {
    const passed = await web.inject({ url: '/api/auth/user' });
    expect(passed.headers['cache-control']).toBe('no-store');
    const down = await buildWebServer({ shellDist: dir, remotes: {}, bffUrl: 'http://127.0.0.1:9' });
    const response = await down.inject({ url: '/api/auth/user' });
    await down.close();
    expect(response.statusCode).toBe(502);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });

  it('reports liveness', async () => {
    const response = await web.inject({ url: '/health/live' });
    expect(response.json()).toEqual({ status: 'ok' });
  });
});

describe('web server over TLS', () => {
  const fixture = (name: string) => readFileSync(path.join(import.meta.dirname, 'fixtures', name));
  const cert = fixture('localhost-cert.pem');
  let secure: FastifyInstance;
  let port: number;

  beforeAll(async () => {
    const address = bff.server.address();
    const bffPort = typeof address === 'object' && address ? address.port : 0;
    secure = await buildWebServer({ shellDist: path.join(dir, 'shell'), remotes: {}, bffUrl: `http://127.0.0.1:${bffPort}`, tls: { cert, key: fixture('localhost-key.pem') } });
    await secure.listen({ host: '127.0.0.1', port: 0 });
    const listening = secure.server.address();
    port = typeof listening === 'object' && listening ? listening.port : 0;
  });
  afterAll(async () => {
    await secure?.close();
  });

  /** One GET over HTTP/2, as a browser that offers it makes it. */
  function getOverHttp2(url: string): Promise<{ status: number; headers: Record<string, unknown>; body: string }> {
    return new Promise((resolve, reject) => {
      const session = http2Connect(`https://localhost:${port}`, { ca: cert });
      session.on('error', reject);
      const stream = session.request({ ':path': url });
      let body = '';
      let headers: Record<string, unknown> = {};
      stream.setEncoding('utf8');
      stream.on('response', (received) => {
        headers = received;
      });
      stream.on('data', (chunk: string) => {
        body += chunk;
      });
      stream.on('end', () => {
        session.close();
        resolve({ status: Number(headers[':status']), headers, body });
      });
      stream.on('error', reject);
      stream.end();
    });
  }

  it('serves pages and passes /api to the BFF over HTTP/2, marked HTTPS', async () => {
    const page = await getOverHttp2('/rides/as-driver');
    expect(page.status).toBe(200);
    expect(page.body).toBe(indexHtml.replace('</body>', `${noRoutesElement}\n</body>`));
    expect(page.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    const api = await getOverHttp2('/api/auth/user');
    expect(api.status).toBe(200);
    expect(JSON.parse(api.body)).toMatchObject({ method: 'GET', url: '/api/auth/user', forwardedProto: 'https' });
  });

  it('still answers a client that offers only HTTP/1.1', async () => {
    const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const request = httpsRequest({ host: 'localhost', port, path: '/', ca: cert }, (response) => {
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => {
          body += chunk;
        });
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
      });
      request.on('error', reject);
      request.end();
    });
    expect(answer).toEqual({ status: 200, body: indexHtml.replace('</body>', `${noRoutesElement}\n</body>`) });
  });
});

describe('web server configuration', () => {
  it('defaults to 127.0.0.1:8080 and the local BFF', () => {
    expect(loadWebConfig({})).toMatchObject({ HOST: '127.0.0.1', PORT: 8080, BFF_URL: 'http://127.0.0.1:4000' });
  });

  it('prefers WEB_PORT over PORT', () => {
    expect(loadWebConfig({ PORT: '4000', WEB_PORT: '8081' }).PORT).toBe(8081);
  });

  it('serves the three local remote builds unless REMOTES says otherwise', () => {
    const { REMOTES } = loadWebConfig({});
    expect(Object.keys(REMOTES)).toEqual(['marketplace', 'account', 'admin']);
    expect(REMOTES.admin).toEqual({ dist: path.resolve(import.meta.dirname, '../../../admin/dist') });
  });

  it('reads REMOTES as folders and servers by name', () => {
    const { REMOTES } = loadWebConfig({ REMOTES: 'marketplace=http://marketplace:8080, admin=/srv/admin' });
    expect(REMOTES).toEqual({ marketplace: { upstream: 'http://marketplace:8080' }, admin: { dist: '/srv/admin' } });
  });

  it('refuses a REMOTES entry it cannot read', () => {
    expect(() => loadWebConfig({ REMOTES: 'marketplace' })).toThrow(/REMOTES .*name=folder/);
    expect(() => loadWebConfig({ REMOTES: 'admin=/a,admin=/b' })).toThrow(/REMOTES admin is given twice/);
  });

  it("refuses to start a remote's server without its name and build folder", () => {
    expect(() => loadRemoteServerConfig({})).toThrow(/REMOTE_NAME.*REMOTE_DIST|REMOTE_DIST.*REMOTE_NAME/);
    expect(loadRemoteServerConfig({ REMOTE_NAME: 'admin', REMOTE_DIST: '/srv/admin' })).toMatchObject({ PORT: 8080 });
  });

  it('reads a TLS certificate and key only together', () => {
    expect(loadWebConfig({ TLS_CERT_FILE: '/etc/krom/cert.pem', TLS_KEY_FILE: '/etc/krom/key.pem' })).toMatchObject({ TLS_CERT_FILE: '/etc/krom/cert.pem', TLS_KEY_FILE: '/etc/krom/key.pem' });
    expect(() => loadWebConfig({ TLS_CERT_FILE: '/etc/krom/cert.pem' })).toThrow('TLS_CERT_FILE and TLS_KEY_FILE go together: set both or neither');
    expect(() => loadWebConfig({ TLS_KEY_FILE: '/etc/krom/key.pem' })).toThrow('TLS_CERT_FILE and TLS_KEY_FILE go together');
  });

  it('refuses a bad port or BFF address', () => {
    expect(() => loadWebConfig({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadWebConfig({ PORT: '70000' })).toThrow(/PORT/);
    expect(() => loadWebConfig({ BFF_URL: 'ftp://127.0.0.1' })).toThrow(/BFF_URL/);
    expect(() => loadWebConfig({ TRUST_PROXY: 'yes' })).toThrow(/TRUST_PROXY/);
  });
});
