import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { e2ePortOffset } from '../playwright.config.ts';
import { repoRoot } from './support/e2e-env.ts';

/**
 * A remote deployed with a new screen is served without building the shell again: a second web
 * server, started as `npm start` starts one (server/serve.ts) on the shell build `npm start` made,
 * serves the three remotes and a small `trips` remote written here. The trips remote is deployed
 * again with a new path; the web server tells the shell, the browser renders the new screen, and
 * not one file of the shell's build has changed.
 */
const shellDist = join(repoRoot, 'frontends/shell/dist');

/** Every file of the shell's build with its size and modification time. */
function fingerprint(dir: string, prefix = ''): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return fingerprint(path, `${prefix}${entry.name}/`);
    const { size, mtimeMs } = statSync(path);
    return [`${prefix}${entry.name} ${size} ${mtimeMs}`];
  });
}

/**
 * One deploy of the trips remote: its route module (a new file name, as a build's hashed chunk),
 * a remoteEntry.js exposing it as './board' to the federation runtime, and routes-manifest.json,
 * written last, as a deploy replaces its build.
 */
function deployTrips(dist: string, version: number, screens: { path: string; text: string }[]) {
  mkdirSync(join(dist, 'assets'), { recursive: true });
  const routes = screens.map(({ path, text }) => `{ path: ${JSON.stringify(path)}, Component: () => ${JSON.stringify(text)} }`);
  writeFileSync(join(dist, `assets/board-v${version}.js`), `export const routes = [${routes.join(', ')}];\n`);
  writeFileSync(
    join(dist, 'assets/remoteEntry.js'),
    `export function init() {}
export async function get(module) {
  if (module !== './board') throw new Error('The trips remote exposes no ' + module);
  const board = await import('./board-v${version}.js');
  return () => board;
}
`,
  );
  const manifest = join(dist, 'routes-manifest.json');
  writeFileSync(manifest, JSON.stringify({ name: 'trips', module: './board', paths: screens.map(({ path }) => path) }));
  const deployedAt = new Date(Date.now() + version * 1000);
  utimesSync(manifest, deployedAt, deployedAt);
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

/** The remotes' routes the web server wrote into a page. */
async function routesInPage(url: string): Promise<{ name: string; module: string; paths: string[] }[]> {
  const html = await (await fetch(url)).text();
  const match = /<script type="application\/json" id="krom-remote-routes">([\s\S]*?)<\/script>/.exec(html);
  return JSON.parse(match?.[1] ?? 'null');
}

let tripsDist: string;
let web: ChildProcess | undefined;
let webUrl: string;

test.beforeAll(async () => {
  tripsDist = mkdtempSync(join(tmpdir(), 'krom-trips-remote-'));
  deployTrips(tripsDist, 1, [{ path: '/trip-board', text: 'Trip board: Accra to Kumasi, 3 seats left' }]);
  const port = await freePort();
  webUrl = `http://127.0.0.1:${port}`;
  const remotes = ['marketplace', 'account', 'admin'].map((name) => `${name}=${join(repoRoot, 'frontends', name, 'dist')}`);
  web = spawn(join(repoRoot, 'node_modules/.bin/tsx'), ['server/serve.ts'], {
    cwd: join(repoRoot, 'frontends/shell'),
    stdio: ['ignore', 'inherit', 'inherit'],
    env: {
      ...process.env,
      WEB_PORT: String(port),
      BFF_URL: `http://127.0.0.1:${4000 + e2ePortOffset}`,
      REMOTES: [...remotes, `trips=${tripsDist}`].join(','),
      LOG_LEVEL: 'warn',
    },
  });
  await expect.poll(async () => (await fetch(`${webUrl}/health/live`).catch(() => undefined))?.status, { timeout: 120_000 }).toBe(200);
});

test.afterAll(() => {
  web?.kill('SIGTERM');
  rmSync(tripsDist, { recursive: true, force: true });
});

test('a remote deployed with a new path is served without building the shell again', async ({ browser }) => {
  const shellBuild = fingerprint(shellDist);

  // First deploy: its one path renders; the path it does not have yet is the shell's 404.
  expect((await routesInPage(`${webUrl}/trip-board`)).find(({ name }) => name === 'trips')).toEqual({ name: 'trips', module: './board', paths: ['/trip-board'] });
  const before = await browser.newContext({ baseURL: webUrl });
  const first = await before.newPage();
  await first.goto('/trip-board');
  await expect(first.getByText('Trip board: Accra to Kumasi, 3 seats left')).toBeVisible();
  await first.goto('/trip-board/seats');
  await expect(first.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
  await before.close();

  // Deployed again with a new screen: the next page the web server answers carries its path.
  deployTrips(tripsDist, 2, [
    { path: '/trip-board', text: 'Trip board: Accra to Kumasi, 3 seats left' },
    { path: '/trip-board/seats', text: 'Pick your seat: 2 by the window' },
  ]);
  expect((await routesInPage(`${webUrl}/trip-board/seats`)).find(({ name }) => name === 'trips')?.paths).toEqual(['/trip-board', '/trip-board/seats']);
  const after = await browser.newContext({ baseURL: webUrl });
  const second = await after.newPage();
  await second.goto('/trip-board/seats');
  await expect(second.getByText('Pick your seat: 2 by the window')).toBeVisible();

  // The public pages are still prerendered, and the three remotes still route. (The landing is
  // sent without the app, so it carries no routes: a remote's prerendered page is checked instead.)
  const login = await (await fetch(`${webUrl}/login`)).text();
  expect(login).toContain('<div id="root" data-prerendered>');
  expect((await routesInPage(`${webUrl}/login`)).map(({ name }) => name)).toEqual(['marketplace', 'account', 'admin', 'trips']);
  await second.goto('/admin/login');
  await expect(second.getByRole('heading', { name: 'Admin Sign In' })).toBeVisible();
  await after.close();

  expect(fingerprint(shellDist)).toEqual(shellBuild);
});
