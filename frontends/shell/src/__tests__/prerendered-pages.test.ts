// @vitest-environment node
import { mkdir, mkdtemp, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import type { PrerenderManifest } from '@krom/ui-kit/build/prerender-manifest.ts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadWebConfig } from '../../server/config.ts';
import { followRemoteManifests, prerenderedPages } from '../../server/prerendered-pages.ts';
import { buildRemoteServer } from '../../server/remote-server.ts';
import { buildWebServer } from '../../server/web-server.ts';

const indexHtml = `<!doctype html><html><head><script type="module" crossorigin src="/assets/index-Aa11_-bB.js"></script>
<link rel="modulepreload" crossorigin href="/assets/react-Cc22_-dD.js"></head>
<body><div id="root"><!--page--><div class="boot" role="status">Loading...</div><!--/page--></div></body></html>`;

const shellManifest: PrerenderManifest = {
  pages: {
    '/': {
      html: '<main><h1>Share the ride</h1></main>',
      styles: '<style data-prerendered-styles>.a{color:green}</style>',
      preload: ['/assets/landing-page-Ee33_-fF.js', '/assets/react-Cc22_-dD.js'],
      shared: [],
    },
  },
  sharedChunks: { '@krom/ui-kit/password-field.tsx': ['/assets/password-field-Gg44_-hH.js'] },
  groups: { remoteLoader: ['/assets/load-remote-Ii55_-jJ.js'], entry: ['/assets/index-Aa11_-bB.js', '/assets/preload-helper-Oo88_-pP.js'] },
};

const accountManifest: PrerenderManifest = {
  pages: {
    '/login': {
      html: '<main><h1>Welcome Back</h1><form inert></form></main>',
      styles: '<style data-prerendered-styles>.b{color:red}</style>',
      preload: ['/remotes/account/assets/login-page-Kk66_-lL.js'],
      shared: ['@krom/ui-kit/password-field.tsx', 'not-a-shared-module'],
    },
    '/listing': {
      html: '<main><h1>Available Rides</h1></main>',
      styles: '',
      preload: [],
      shared: [],
      data: [
        {
          path: '/api/rides',
          query: [
            { name: 'from', param: 'from' },
            { name: 'to', param: 'to' },
            { name: 'date', param: 'date' },
            { name: 'page', value: '1' },
          ],
        },
      ],
    },
  },
  sharedChunks: {},
  groups: {},
};

let dir: string;
let shell: string;
let web: FastifyInstance;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'krom-prerendered-'));
  shell = path.join(dir, 'shell');
  const account = path.join(dir, 'account');
  await mkdir(path.join(shell, 'assets'), { recursive: true });
  await mkdir(path.join(account, 'assets'), { recursive: true });
  await writeFile(path.join(shell, 'index.html'), indexHtml);
  await writeFile(path.join(shell, 'prerendered.json'), JSON.stringify(shellManifest));
  await writeFile(path.join(account, 'prerendered.json'), JSON.stringify(accountManifest));
  web = await buildWebServer({ shellDist: shell, remotes: { account: { dist: account } }, bffUrl: 'http://127.0.0.1:9' });
});

afterAll(async () => {
  await web?.close();
  await rm(dir, { recursive: true, force: true });
});

const ROUTES_ELEMENT_START = '<script type="application/json" id="krom-remote-routes">';
/** index.html as the server sends it: with the remotes' routes (none published here) at the end of its body. */
const withRoutes = (html: string) => html.replace('</body>', `${ROUTES_ELEMENT_START}[]</script>\n</body>`);

const modulePreloads = (html: string) => [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map((m) => m[1]);
const PRELOAD_TEMPLATE = /<template data-preload-scripts>([\s\S]*?)<\/template>/;
/** The preloads the browser acts on with the HTML, and those the entry script adds from the template once the page is painted. */
const preloads = (html: string) => ({
  eager: modulePreloads(html.replace(PRELOAD_TEMPLATE, '')),
  deferred: modulePreloads(PRELOAD_TEMPLATE.exec(html)?.[1] ?? ''),
  template: PRELOAD_TEMPLATE.exec(html)?.[1] ?? '',
});

describe('prerendered pages', () => {
  it('answers / with the landing already in #root, its styles, and a preload for each script it needs, held back until the page is painted', async () => {
    const response = await web.inject({ url: '/', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.headers['content-security-policy']).toContain("script-src 'self'");
    const html = brotliDecompressSync(response.rawPayload).toString();
    expect(html).toContain('<div id="root" data-prerendered><main><h1>Share the ride</h1></main></div>');
    expect(html).not.toContain('Loading...');
    expect(html.indexOf('<style data-prerendered-styles>.a{color:green}</style>')).toBeLessThan(html.indexOf('</head>'));
    expect(html.indexOf('<template data-preload-scripts>')).toBeLessThan(html.indexOf('</head>'));
    // Only the entry script's own import loads with the HTML; index.html's preloads and the page's
    // wait in the template, each named once (index.html and the page both name react).
    expect(preloads(html).eager).toEqual(['/assets/preload-helper-Oo88_-pP.js']);
    expect(preloads(html).deferred).toEqual(['/assets/react-Cc22_-dD.js', '/assets/landing-page-Ee33_-fF.js']);
    expect(html).toContain('<script type="module" crossorigin src="/assets/index-Aa11_-bB.js"></script>');
    // The CSP allows no inline script: every script the page has is a file, but for the remotes'
    // routes, a JSON data block the browser does not run.
    expect(html.match(/<script(?![^>]*\ssrc=)[^>]*>/g)).toEqual([ROUTES_ELEMENT_START]);
  });

  it("answers a remote's public page with its markup and preloads the remote loader, entry, chunks and the host's shared copies", async () => {
    const response = await web.inject({ url: '/login', headers: { 'accept-encoding': 'identity' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.body).toContain('<div id="root" data-prerendered><main><h1>Welcome Back</h1><form inert></form></main></div>');
    expect(preloads(response.body).template).toContain('<link rel="preload" href="/remotes.json" as="fetch" crossorigin>');
    expect(preloads(response.body).eager).toEqual(['/assets/preload-helper-Oo88_-pP.js']);
    expect(preloads(response.body).deferred).toEqual([
      '/assets/react-Cc22_-dD.js',
      '/assets/load-remote-Ii55_-jJ.js',
      '/remotes/account/assets/remoteEntry.js',
      '/remotes/account/assets/login-page-Kk66_-lL.js',
      '/assets/password-field-Gg44_-hH.js',
    ]);
  });

  it('names the API answer a page asks for first in a Link header, built from its address, so the browser fetches it with the page', async () => {
    const response = await web.inject({ url: '/listing?to=Kumasi&from=Cape%20Coast&date=2026-12-03&seats=2', headers: { 'accept-encoding': 'br' } });
    expect(response.statusCode).toBe(200);
    expect(brotliDecompressSync(response.rawPayload).toString()).toContain('<h1>Available Rides</h1>');
    // In the order the page asks (its declaration), encoded as URLSearchParams encodes, with the
    // credentials the page's fetch sends: what the browser needs to hand the page this answer.
    expect(response.headers.link).toBe('</api/rides?from=Cape+Coast&to=Kumasi&date=2026-12-03&page=1>; rel=preload; as=fetch; crossorigin=use-credentials');
    // Parameters the address leaves out or empty are left out of the call.
    expect((await web.inject({ url: '/listing?from=&to=Tamale' })).headers.link).toBe('</api/rides?to=Tamale&page=1>; rel=preload; as=fetch; crossorigin=use-credentials');
    // A page that declares none has no Link header.
    expect((await web.inject({ url: '/login?from=Accra' })).headers.link).toBeUndefined();
  });

  it('answers any other page with index.html and its loading state, as before', async () => {
    const response = await web.inject({ url: '/dashboard' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe(withRoutes(indexHtml));
    expect((await web.inject({ url: '/index.html' })).body).toBe(indexHtml);
  });

  it('serves what the newest build wrote, without a restart (watch builds)', async () => {
    const rebuilt: PrerenderManifest = {
      ...shellManifest,
      pages: { '/': { html: '<main><h1>Rebuilt</h1></main>', styles: '', preload: ['/assets/landing-page-Mm77_-nN.js'], shared: [] } },
    };
    const file = path.join(shell, 'prerendered.json');
    await writeFile(file, JSON.stringify(rebuilt));
    const later = new Date(Date.now() + 60_000);
    await utimes(file, later, later);
    const html = (await web.inject({ url: '/' })).body;
    expect(html).toContain('<h1>Rebuilt</h1>');
    expect(modulePreloads(html)).toContain('/assets/landing-page-Mm77_-nN.js');
    expect(modulePreloads(html)).not.toContain('/assets/landing-page-Ee33_-fF.js');
  });
});

describe('the pre-launch setting', () => {
  const META = '<meta name="krom-launch" content="pre-launch">';

  it('is off by default: no page says the marketplace is not open', async () => {
    expect((await web.inject({ url: '/' })).body).not.toContain(META);
    expect((await web.inject({ url: '/dashboard' })).body).not.toContain(META);
  });

  it('while on, is in the head of every page, prerendered or not', async () => {
    const preLaunch = await buildWebServer({ shellDist: shell, remotes: {}, bffUrl: 'http://127.0.0.1:9', preLaunch: true });
    try {
      const landing = await preLaunch.inject({ url: '/', headers: { 'accept-encoding': 'br' } });
      const [head, body] = brotliDecompressSync(landing.rawPayload).toString().split('</head>');
      expect(head).toContain(META);
      expect(body).toContain('<div id="root" data-prerendered>');
      const other = await preLaunch.inject({ url: '/waitlist' });
      expect(other.statusCode).toBe(200);
      expect(other.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(other.headers['cache-control']).toBe('no-cache');
      expect(other.body).toBe(withRoutes(indexHtml.replace('</head>', `${META}\n</head>`)));
    } finally {
      await preLaunch.close();
    }
  });

  it('is read from PRE_LAUNCH, true or false only', () => {
    expect(loadWebConfig({}).PRE_LAUNCH).toBe(false);
    expect(loadWebConfig({ PRE_LAUNCH: 'true' }).PRE_LAUNCH).toBe(true);
    expect(() => loadWebConfig({ PRE_LAUNCH: 'yes' })).toThrow('PRE_LAUNCH must be true or false');
  });
});

describe('a remote in its own container', () => {
  let remote: FastifyInstance;
  let upstream: string;
  let accountDist: string;
  beforeAll(async () => {
    accountDist = path.join(dir, 'account');
    remote = await buildRemoteServer({ name: 'account', dist: accountDist });
    upstream = await remote.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => remote?.close());

  it('has its pages prerendered from the manifest its server serves', async () => {
    const behind = await buildWebServer({ shellDist: shell, remotes: { account: { upstream } }, bffUrl: 'http://127.0.0.1:9' });
    try {
      const html = (await behind.inject({ url: '/login' })).body;
      expect(html).toContain('<div id="root" data-prerendered><main><h1>Welcome Back</h1>');
      expect(preloads(html).deferred).toContain('/remotes/account/assets/login-page-Kk66_-lL.js');
    } finally {
      await behind.close();
    }
  });

  it('follows a redeployed remote once its manifest is fetched again', async () => {
    const remotes = { account: { upstream } };
    const followed = followRemoteManifests(remotes, { everyMs: 60_000 });
    try {
      await followed.refresh();
      const pages = prerenderedPages({ shellDist: shell, remotes, remotesConfig: { account: { entry: '/remotes/account/assets/remoteEntry.js' } }, fetched: followed.fetched });
      expect(pages.prerendered('/login')?.html.toString()).toContain('Welcome Back');
      const redeployed = { ...accountManifest, pages: { '/login': { ...accountManifest.pages['/login']!, html: '<main><h1>Welcome Back, again</h1></main>' } } };
      await writeFile(path.join(accountDist, 'prerendered.json'), JSON.stringify(redeployed));
      expect(pages.prerendered('/login')?.html.toString()).not.toContain('again');
      await followed.refresh();
      expect(pages.prerendered('/login')?.html.toString()).toContain('Welcome Back, again');
    } finally {
      await followed.stop();
      await writeFile(path.join(accountDist, 'prerendered.json'), JSON.stringify(accountManifest));
    }
  });

  it('answers its pages with index.html while its server cannot be reached', async () => {
    const behind = await buildWebServer({ shellDist: shell, remotes: { account: { upstream: 'http://127.0.0.1:9' } }, bffUrl: 'http://127.0.0.1:9' });
    try {
      const response = await behind.inject({ url: '/login' });
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain('Loading...');
      expect(response.body).not.toContain('Welcome Back');
    } finally {
      await behind.close();
    }
  });
});

describe('a page that works as HTML alone (the landing)', () => {
  const META = '<meta name="krom-launch" content="pre-launch">';
  const staticShell: PrerenderManifest = {
    ...shellManifest,
    pages: {
      '/': {
        html: '<header><button popovertarget="landing-menu" aria-label="Open menu"></button></header><main><h1>Share the ride</h1></main>',
        styles: '<style data-prerendered-styles>.a{color:green}</style>',
        preload: ['/assets/landing-page-Ee33_-fF.js', '/assets/react-Cc22_-dD.js'],
        shared: [],
        static: { scripts: ['/assets/static-landing-Qq99_-rR.js'] },
        variants: { 'pre-launch': { html: '<main><p>Krom is coming soon to Ghana. <a href="/waitlist">Join the waitlist</a></p><h1>Share the ride</h1></main>', styles: '<style data-prerendered-styles>.b{color:red}</style>' } },
      },
    },
  };
  let staticDist: string;
  beforeAll(async () => {
    staticDist = path.join(dir, 'static-shell');
    await mkdir(staticDist, { recursive: true });
    await writeFile(path.join(staticDist, 'index.html'), indexHtml.replace('</div></body>', '</div><noscript>Krom needs JavaScript to run.</noscript></body>'));
    await writeFile(path.join(staticDist, 'prerendered.json'), JSON.stringify(staticShell));
  });

  const landing = async (preLaunch: boolean) => {
    const server = await buildWebServer({ shellDist: staticDist, remotes: {}, bffUrl: 'http://127.0.0.1:9', preLaunch });
    try {
      const response = await server.inject({ url: '/', headers: { 'accept-encoding': 'br' } });
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe('no-cache');
      return brotliDecompressSync(response.rawPayload).toString();
    } finally {
      await server.close();
    }
  };

  it('is sent without the app: its markup and styles, and its own script as the only one', async () => {
    const html = await landing(false);
    expect(html).toContain('<div id="root"><header><button popovertarget="landing-menu" aria-label="Open menu"></button></header><main><h1>Share the ride</h1></main></div>');
    expect(html.indexOf('<style data-prerendered-styles>.a{color:green}</style>')).toBeLessThan(html.indexOf('</head>'));
    // No entry script, no preload of any kind, not even held back, no remotes' routes for a router that is not there.
    expect(html.match(/<script[^>]*>/g)).toEqual(['<script type="module" async crossorigin src="/assets/static-landing-Qq99_-rR.js">']);
    expect(html).not.toContain('modulepreload');
    expect(html).not.toContain('data-preload-scripts');
    // It works without JavaScript, so it does not say it needs it.
    expect(html).not.toContain('<noscript>');
    expect(html).not.toContain(META);
    expect(html).not.toContain('coming soon');
  });

  it('before launch (PRE_LAUNCH), has the banner with the waitlist link in the HTML served', async () => {
    const html = await landing(true);
    expect(html.split('</head>')[0]).toContain(META);
    expect(html).toContain('<div id="root"><main><p>Krom is coming soon to Ghana. <a href="/waitlist">Join the waitlist</a></p><h1>Share the ride</h1></main></div>');
    expect(html).toContain('<style data-prerendered-styles>.b{color:red}</style>');
    expect(html).not.toContain('.a{color:green}');
    expect(html.match(/<script[^>]*>/g)).toEqual(['<script type="module" async crossorigin src="/assets/static-landing-Qq99_-rR.js">']);
  });
});

describe("a shell build that records its app's chunks", () => {
  // index.html preloads every UI kit module any shell screen uses (the waitlist form here), for
  // the pages that are not prerendered; the app itself needs react and the toaster.
  const withWaitlistKit = indexHtml.replace(
    '</head>',
    '<link rel="modulepreload" crossorigin href="/assets/toaster-Qq11_-rR.js">\n<link rel="modulepreload" crossorigin href="/assets/phone-field-Ss22_-tT.js"></head>',
  );
  const withApp: PrerenderManifest = {
    ...shellManifest,
    pages: { '/': { ...shellManifest.pages['/']!, preload: ['/assets/landing-page-Ee33_-fF.js'], shared: ['@krom/ui-kit/button-link.tsx'] } },
    sharedChunks: {
      '@krom/ui-kit/button-link.tsx': ['/assets/button-link-Uu33_-vV.js', '/assets/button-Ww44_-xX.js'],
      '@krom/ui-kit/password-field.tsx': ['/assets/password-field-Gg44_-hH.js', '/assets/button-Ww44_-xX.js', '/assets/line-icon-Yy55_-zZ.js'],
    },
    groups: { ...shellManifest.groups, app: ['/assets/bootstrap-Ab12_-cD.js', '/assets/react-Cc22_-dD.js', '/assets/toaster-Qq11_-rR.js'] },
  };
  let appShell: string;
  beforeAll(async () => {
    appShell = path.join(dir, 'shell-with-app');
    await mkdir(appShell, { recursive: true });
    await writeFile(path.join(appShell, 'index.html'), withWaitlistKit);
    await writeFile(path.join(appShell, 'prerendered.json'), JSON.stringify(withApp));
  });
  const pages = () =>
    prerenderedPages({
      shellDist: appShell,
      remotes: { account: { dist: path.join(dir, 'account') } },
      remotesConfig: { account: { entry: '/remotes/account/assets/remoteEntry.js' } },
    });

  it('has a prerendered page preload the app and what the page imports, not every kit module of the shell', () => {
    const landing = pages().prerendered('/')?.html.toString() ?? '';
    expect(preloads(landing).eager).toEqual(['/assets/preload-helper-Oo88_-pP.js']);
    expect(preloads(landing).deferred).toEqual([
      '/assets/bootstrap-Ab12_-cD.js',
      '/assets/react-Cc22_-dD.js',
      '/assets/toaster-Qq11_-rR.js',
      '/assets/landing-page-Ee33_-fF.js',
      '/assets/button-link-Uu33_-vV.js',
      '/assets/button-Ww44_-xX.js',
    ]);
    // A remote's page: the host's copy of each shared module it imports with all that one loads
    // in turn (password-field's button and line icon), each named once.
    const login = pages().prerendered('/login')?.html.toString() ?? '';
    expect(preloads(login).deferred).toEqual([
      '/assets/bootstrap-Ab12_-cD.js',
      '/assets/react-Cc22_-dD.js',
      '/assets/toaster-Qq11_-rR.js',
      '/assets/load-remote-Ii55_-jJ.js',
      '/remotes/account/assets/remoteEntry.js',
      '/remotes/account/assets/login-page-Kk66_-lL.js',
      '/assets/password-field-Gg44_-hH.js',
      '/assets/button-Ww44_-xX.js',
      '/assets/line-icon-Yy55_-zZ.js',
    ]);
  });

  it('leaves index.html, for every page not prerendered, preloading all it did', () => {
    expect(modulePreloads(pages().index()?.html.toString() ?? '')).toEqual(modulePreloads(withWaitlistKit));
  });
});
