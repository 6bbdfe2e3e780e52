import { existsSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import pg from 'pg';
import { seedRides } from '@krom/rides-service/seed-rides';
import { chromium } from 'playwright-core';
import { filledPath, type JsBudgetRoute, measurePageJavaScript, type PageJavaScript, readJsBudget } from './page-javascript.ts';
import { medianPageSpeeds, type PageSpeed } from './page-speed.ts';

/**
 * The bench's page figures (issue 20): each signed-out route of the JavaScript budget
 * (frontends/js-budget.json) with what it downloads, and Lighthouse's mobile figures for the same
 * pages over HTTP/1.1 and over HTTP/2 with TLS, median of 3, with the machine's load average
 * sampled while Lighthouse ran (its simulated phone scales this machine's own CPU time).
 */
export type PageFigures = {
  javaScript: { route: JsBudgetRoute; measured: PageJavaScript }[];
  http1: { path: string; speed: PageSpeed }[];
  http2: { path: string; speed: PageSpeed }[] | undefined;
  /** The 1-minute load average, sampled every 5 s during the Lighthouse runs. */
  load: number[];
};

const BROWSER_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

/** Rides for the listing and preview pages when the bench measures pages only (`BENCH_ONLY=pages`). */
export async function seedRidesForPages(ridesDatabaseUrl: string, count: number): Promise<void> {
  const pool = new pg.Pool({ connectionString: ridesDatabaseUrl, max: 4 });
  try {
    await seedRides(pool, { count, drivers: 400, days: 30 });
    await pool.query('VACUUM ANALYZE');
  } finally {
    await pool.end();
  }
}

type Options = {
  chromiumPath: string;
  web: string;
  bff: string;
  /** A second web server over TLS (HTTP/2), or undefined where it cannot run. */
  startSecureWeb: () => Promise<{ url: string; stop: () => Promise<void> } | undefined>;
};

export async function measurePages({ chromiumPath, web, bff, startSecureWeb }: Options): Promise<PageFigures | undefined> {
  if (!existsSync(chromiumPath)) return undefined;
  // A guest's routes: their first view (which Lighthouse measures too), and once they use a page sent with the app on demand.
  const routes = readJsBudget().filter((route) => route.as !== 'member');
  // A ride the budget's listing search finds, for `{rideId}`.
  const search = routes.find((route) => route.path.startsWith('/ride-listings?'))?.path.split('?')[1] ?? '';
  const found = (await (await fetch(`${bff}/api/rides?${search}`)).json()) as { rides: { id: string }[] };
  const values = found.rides[0] ? { rideId: found.rides[0].id } : {};
  const routePaths = routes.map((route) => filledPath(route.path, values));
  const paths = routePaths.filter((_, index) => routes[index]?.as === 'signed-out');

  const javaScript: PageFigures['javaScript'] = [];
  const browser = await chromium.launch({ executablePath: chromiumPath, args: BROWSER_ARGS });
  try {
    for (const [index, route] of routes.entries()) {
      const context = await browser.newContext({ viewport: { width: 360, height: 740 } });
      try {
        const measured = await measurePageJavaScript(await context.newPage(), `${web}${routePaths[index]}`, { inUse: route.as === 'signed-out, in use' });
        javaScript.push({ route, measured });
      } finally {
        await context.close();
      }
    }
  } finally {
    await browser.close();
  }

  const load: number[] = [];
  const sampler = setInterval(() => load.push(loadavg()[0] ?? Number.NaN), 5000);
  try {
    const http1 = (await medianPageSpeeds(chromiumPath, paths.map((page) => `${web}${page}`), 3)).map((speed, index) => ({ path: paths[index] as string, speed }));
    const secureWeb = await startSecureWeb();
    let http2: PageFigures['http2'];
    if (secureWeb) {
      try {
        http2 = (await medianPageSpeeds(chromiumPath, paths.map((page) => `${secureWeb.url}${page}`), 3)).map((speed, index) => ({ path: paths[index] as string, speed }));
      } finally {
        await secureWeb.stop();
      }
    }
    return { javaScript, http1, http2, load };
  } finally {
    clearInterval(sampler);
  }
}

export function printPages(figures: PageFigures | undefined, chromiumPath: string): void {
  if (!figures) {
    console.log(`  pages: not measured (no Chromium at ${chromiumPath}; set CHROMIUM_PATH)`);
    return;
  }
  console.log('  JavaScript per route, gzipped, every script a fresh signed-out visit loads; "in use": once a control is used (limits: frontends/js-budget.json):');
  for (const { route, measured } of figures.javaScript) {
    const target = route.targetKiB === undefined ? '' : ` (target ${route.targetKiB} KiB)`;
    const label = `${route.path.slice(0, 36)}${route.as === 'signed-out, in use' ? ' in use' : ''}`;
    console.log(`    ${label.padEnd(43)} ${measured.kib.toFixed(1).padStart(6)} KiB in ${String(measured.files).padStart(3)} files   limit ${route.limitKiB} KiB${target}`);
  }
  console.log('  Lighthouse performance, mobile defaults (slow 4G, 4x CPU), median of 3 runs (goal: score ≥ 95, TBT ≤ 200 ms, LCP ≤ 2.0 s):');
  const printSpeeds = (speeds: { path: string; speed: PageSpeed }[]) => {
    for (const { path: page, speed } of speeds) {
      console.log(
        `    ${page.slice(0, 24).padEnd(24)} score ${String(speed.score).padStart(3)}   LCP ${(speed.lcp / 1000).toFixed(2)} s   FCP ${(speed.fcp / 1000).toFixed(2)} s   SI ${(speed.speedIndex / 1000).toFixed(2)} s   TBT ${speed.tbt.toFixed(0).padStart(4)} ms   CLS ${speed.cls.toFixed(3)}`,
      );
    }
  };
  console.log('   over plain HTTP/1.1 (npm start, or behind a TLS proxy speaking HTTP/1.1):');
  printSpeeds(figures.http1);
  if (figures.http2) {
    console.log('   over HTTP/2 with TLS (TLS_CERT_FILE/TLS_KEY_FILE, as deployed; a self-signed certificate here):');
    printSpeeds(figures.http2);
  } else console.log('   over HTTP/2: not measured (no openssl to make a certificate)');
  const sorted = [...figures.load].sort((a, b) => a - b);
  if (sorted.length > 0) {
    const median = sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
    console.log(`  load average (1 min) during the Lighthouse runs: min ${sorted[0]?.toFixed(2)}, median ${median.toFixed(2)}, max ${sorted.at(-1)?.toFixed(2)} on ${availableParallelism()} cores`);
  }
}
