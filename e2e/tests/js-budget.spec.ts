import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { type Browser, expect, test } from '@playwright/test';
import {
  biggestModules,
  filledPath,
  type JsBudgetResult,
  type JsBudgetRoute,
  jsBudgetResultsFile,
  kib,
  measurePageJavaScript,
  type PageJavaScript,
  readJsBudget,
} from '../../scripts/lib/page-javascript.ts';
import { signUpThroughApi } from './support/accounts.ts';
import { postedRideThroughApi, verifiedDriverThroughApi } from './support/drivers.ts';

/**
 * The JavaScript budget (frontends/js-budget.json): each route, opened in a fresh browser (signed
 * out, or as a member just signed up; for a page sent with the app on demand, also once a guest
 * has used a control), loads no more script, gzipped, than its limit. Over it, the
 * failure names the route, its biggest files and the source modules that weigh most in them. Every
 * route's figures go to var/js-budget-results.json for the lead and the bench to print.
 */

const routes = readJsBudget();
const oneDecimal = (bytes: number) => kib(bytes).toFixed(1);

/**
 * The ride the budget's ride routes show: Accra → Kumasi, the search its listing route makes
 * (`/ride-listings?from=Accra&to=Kumasi`), posted once per worker by a driver of its own.
 */
let budgetRide: Promise<string> | undefined;
function rideOfTheBudget(browser: Browser): Promise<string> {
  budgetRide ??= (async () => {
    const context = await browser.newContext();
    try {
      const page = await context.newPage();
      const driver = await verifiedDriverThroughApi(page, 'Budget');
      const departureDate = new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10);
      return await postedRideThroughApi(page, driver, { from: 'Accra', to: 'Kumasi', departureDate });
    } finally {
      await context.close();
    }
  })();
  return budgetRide;
}

/** The route's figures merged into var/js-budget-results.json (a failed test's worker is replaced, so each test writes its own). */
function recordResult(route: JsBudgetRoute, measured: PageJavaScript): void {
  const previous = existsSync(jsBudgetResultsFile) ? (JSON.parse(readFileSync(jsBudgetResultsFile, 'utf8')) as { routes: JsBudgetResult[] }).routes : [];
  const result: JsBudgetResult = {
    route: route.path,
    as: route.as,
    kib: Number(measured.kib.toFixed(1)),
    files: measured.files,
    limitKiB: route.limitKiB,
    ...(route.targetKiB === undefined ? {} : { targetKiB: route.targetKiB }),
    measuredAt: new Date().toISOString(),
  };
  const indexOf = (measured: JsBudgetResult) => routes.findIndex((listed) => listed.path === measured.route && listed.as === measured.as);
  const kept = previous.filter((other) => !(other.route === route.path && other.as === route.as) && indexOf(other) >= 0);
  const ordered = [...kept, result].sort((a, b) => indexOf(a) - indexOf(b));
  mkdirSync(path.dirname(jsBudgetResultsFile), { recursive: true });
  writeFileSync(jsBudgetResultsFile, `${JSON.stringify({ routes: ordered }, null, 2)}\n`);
}

function overBudgetMessage(route: JsBudgetRoute, measured: PageJavaScript): string {
  const files = measured.scripts.slice(0, 5).map((script) => `    ${oneDecimal(script.gzipBytes).padStart(6)} KiB  ${new URL(script.url).pathname}`);
  const modules = biggestModules(measured.scripts)
    .slice(0, 5)
    .map((share) => `    ${oneDecimal(share.gzipBytes).padStart(6)} KiB  ${share.module} (in ${share.frontend})`);
  return [
    `${route.path} (${route.as}): ${measured.kib.toFixed(1)} KiB of JavaScript gzipped in ${measured.files} files, over its limit of ${route.limitKiB} KiB (frontends/js-budget.json).`,
    '  biggest files:',
    ...files,
    '  biggest source modules (a file’s gzipped size shared by rendered length, from dist/bundle-report.json):',
    ...modules,
  ].join('\n');
}

for (const route of routes) {
  test(`${route.path} (${route.as}) loads at most ${route.limitKiB} KiB of JavaScript`, async ({ page, browser }) => {
    const values: Record<string, string> = route.path.includes('{rideId}') || route.path.startsWith('/ride-listings') ? { rideId: await rideOfTheBudget(browser) } : {};
    // A shared trip's page loads the same scripts whatever its link holds: a link never made (the page says so) measures it.
    if (route.path.includes('{token}')) values.token = 'BudgetBudgetBudgetBudgetBudgetBudgetBudget0';
    if (route.as === 'member') await signUpThroughApi(page, 'Budget');
    const measured = await measurePageJavaScript(page, filledPath(route.path, values), { inUse: route.as === 'signed-out, in use' });
    recordResult(route, measured);
    if (route.path.startsWith('/ride-listings')) {
      // Measured with results, as the budget means: the listing found the budget's ride.
      await expect(page.getByText(/ride\(s\) found matching your search/)).toBeVisible();
    }
    expect(measured.kib, overBudgetMessage(route, measured)).toBeLessThanOrEqual(route.limitKiB);
  });
}
