import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { constants, gzipSync } from 'node:zlib';
import { BUNDLE_REPORT_FILE, type BundleReport } from '@krom/ui-kit/build/bundle-report.ts';
import type { Page, Response } from 'playwright-core';

/*
 * The JavaScript a page makes a phone download, as the budget (frontends/js-budget.json) counts it:
 * every response the browser fetched as a script, gzipped at level 9, summed. One measurement for
 * the check that fails the build (e2e/tests/js-budget.spec.ts) and for `npm run bench`.
 */

const repoRoot = new URL('../..', import.meta.url).pathname.replace(/\/$/, '');
export const jsBudgetFile = path.join(repoRoot, 'frontends/js-budget.json');
export const jsBudgetResultsFile = path.join(repoRoot, 'var/js-budget-results.json');

/**
 * One route of the budget: `path` may hold `{rideId}`; `targetKiB` is the issue's figure while
 * `limitKiB` is an interim one. `as`: a guest's first view (`signed-out`), a member's, or a guest's
 * once they have used a control of a page sent with the app on demand (`signed-out, in use`: the
 * page's first view and the app that use loads).
 */
export type JsBudgetRoute = { path: string; as: 'signed-out' | 'signed-out, in use' | 'member'; limitKiB: number; targetKiB?: number };

export function readJsBudget(): JsBudgetRoute[] {
  return (JSON.parse(readFileSync(jsBudgetFile, 'utf8')) as { routes: JsBudgetRoute[] }).routes;
}

/** A budget path with its placeholders filled in (`/ride-preview/{rideId}` → a real ride's preview). */
export function filledPath(routePath: string, values: Record<string, string | undefined>): string {
  return routePath.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`${routePath}: no value for {${name}}`);
    return encodeURIComponent(value);
  });
}

/** One measured route, as var/js-budget-results.json lists it. */
export type JsBudgetResult = { route: string; as: JsBudgetRoute['as']; kib: number; files: number; limitKiB: number; targetKiB?: number; measuredAt: string };

export type ScriptFile = { url: string; gzipBytes: number };
export type PageJavaScript = { scripts: ScriptFile[]; files: number; kib: number };

export const kib = (bytes: number) => bytes / 1024;

/**
 * Opens `url` in `page` (a fresh context: nothing cached) and returns every script it loaded, once
 * the page has settled: no request for the browser's network-idle spell, and its main landmark
 * showing (a signed-in page's "Loading..." has no main yet).
 */
export async function measurePageJavaScript(page: Page, url: string, { inUse = false } = {}): Promise<PageJavaScript> {
  const bodies: Promise<ScriptFile>[] = [];
  const onResponse = (response: Response) => {
    if (response.request().resourceType() !== 'script') return;
    bodies.push(response.body().then((body) => ({ url: response.url(), gzipBytes: gzipSync(body, { level: constants.Z_BEST_COMPRESSION }).length })));
  };
  page.on('response', onResponse);
  try {
    await page.goto(url, { waitUntil: 'networkidle' });
    await page.getByRole('main').first().waitFor({ state: 'visible' });
    if (inUse) await useFirstControl(page);
  } finally {
    // A script arriving after the page settled is not counted, and its body is not read after the context closes.
    page.off('response', onResponse);
  }
  const scripts = (await Promise.all(bodies)).sort((a, b) => b.gzipBytes - a.gzipBytes);
  return { scripts, files: scripts.length, kib: kib(scripts.reduce((sum, script) => sum + script.gzipBytes, 0)) };
}

/**
 * A guest's first use of a page sent with the app on demand (frontends/shell/src/features/app-on-demand):
 * a finger down on its first button (which starts loading the app), or where it has none, another
 * choice in its first list; then the app has rendered the page (the prerendered styles are gone)
 * and the network has been quiet for as long as the browser's network-idle spell (500 ms).
 */
async function useFirstControl(page: Page): Promise<void> {
  const button = page.locator('main button').first();
  if ((await button.count()) > 0) await button.dispatchEvent('pointerdown');
  else {
    const list = page.locator('main select').first();
    const values = await list.locator('option').evaluateAll((options) => options.map((option) => option.getAttribute('value') ?? ''));
    await list.selectOption(values.at(-1) ?? '');
  }
  await page.locator('style[data-prerendered-styles]').first().waitFor({ state: 'detached' });
  await quietNetwork(page, 500);
}

/** Resolves once no request has been open for `spellMs` (a spell of quiet, counted from the last request to end). */
function quietNetwork(page: Page, spellMs: number): Promise<void> {
  return new Promise((resolve) => {
    let open = 0;
    let timer: NodeJS.Timeout | undefined;
    const settle = () => {
      clearTimeout(timer);
      if (open === 0) timer = setTimeout(done, spellMs);
    };
    const started = () => {
      open += 1;
      clearTimeout(timer);
    };
    const ended = () => {
      open = Math.max(0, open - 1);
      settle();
    };
    const done = () => {
      page.off('request', started);
      page.off('requestfinished', ended);
      page.off('requestfailed', ended);
      resolve();
    };
    page.on('request', started);
    page.on('requestfinished', ended);
    page.on('requestfailed', ended);
    settle();
  });
}

/**
 * The build a script URL came from and its file there: `/assets/*` is the shell's, and
 * `/remotes/<name>/*` that remote's (frontends/README.md, "Production web server").
 */
export function builtFileOf(url: string): { frontend: string; dist: string; file: string } {
  const { pathname } = new URL(url);
  const remote = /^\/remotes\/([^/]+)\/(.+)$/.exec(pathname);
  const [frontend, file] = remote ? [remote[1]!, remote[2]!] : ['shell', pathname.slice(1)];
  return { frontend, dist: path.join(repoRoot, 'frontends', frontend, 'dist'), file };
}

export type ModuleShare = { module: string; frontend: string; gzipBytes: number };

/** A build's dist/bundle-report.json, or undefined when that build wrote none. */
function readBundleReport(dist: string): BundleReport | undefined {
  const file = path.join(dist, BUNDLE_REPORT_FILE);
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as BundleReport) : undefined;
}

/**
 * The source modules behind `scripts`, biggest first: each file's gzipped size shared among its
 * modules by their part of its rendered length (dist/bundle-report.json, written by every build).
 * A file no report lists counts as a module of its own.
 */
export function biggestModules(scripts: ScriptFile[], reportOf: (dist: string) => BundleReport | undefined = readBundleReport): ModuleShare[] {
  const reports = new Map<string, BundleReport | undefined>();
  const shares = new Map<string, ModuleShare>();
  const add = (module: string, frontend: string, gzipBytes: number) => {
    const key = `${frontend}\0${module}`;
    const share = shares.get(key) ?? { module, frontend, gzipBytes: 0 };
    share.gzipBytes += gzipBytes;
    shares.set(key, share);
  };
  for (const script of scripts) {
    const { frontend, dist, file } = builtFileOf(script.url);
    if (!reports.has(dist)) reports.set(dist, reportOf(dist));
    const modules = Object.entries(reports.get(dist)?.chunks[file] ?? {});
    const rendered = modules.reduce((sum, [, length]) => sum + length, 0);
    if (rendered === 0) add(file, frontend, script.gzipBytes);
    for (const [module, length] of modules) if (rendered > 0) add(module, frontend, (script.gzipBytes * length) / rendered);
  }
  return [...shares.values()].sort((a, b) => b.gzipBytes - a.gzipBytes);
}
