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

/** One route of the budget: `path` may hold `{rideId}`; `targetKiB` is the issue's figure while `limitKiB` is an interim one. */
export type JsBudgetRoute = { path: string; as: 'signed-out' | 'member'; limitKiB: number; targetKiB?: number };

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
export async function measurePageJavaScript(page: Page, url: string): Promise<PageJavaScript> {
  const bodies: Promise<ScriptFile>[] = [];
  const onResponse = (response: Response) => {
    if (response.request().resourceType() !== 'script') return;
    bodies.push(response.body().then((body) => ({ url: response.url(), gzipBytes: gzipSync(body, { level: constants.Z_BEST_COMPRESSION }).length })));
  };
  page.on('response', onResponse);
  try {
    await page.goto(url, { waitUntil: 'networkidle' });
    await page.getByRole('main').first().waitFor({ state: 'visible' });
  } finally {
    // A script arriving after the page settled is not counted, and its body is not read after the context closes.
    page.off('response', onResponse);
  }
  const scripts = (await Promise.all(bodies)).sort((a, b) => b.gzipBytes - a.gzipBytes);
  return { scripts, files: scripts.length, kib: kib(scripts.reduce((sum, script) => sum + script.gzipBytes, 0)) };
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
