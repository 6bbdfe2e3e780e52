import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { ensureNats, ensurePostgres, ensureRedis, repoRoot } from './lib/infra.ts';

/**
 * `npm test`: every kind of test, in order of cost: lint and type checks, unit and UI tests,
 * integration tests on the real PostgreSQL/NATS/Redis, the replicas test, Pact contracts (consumers
 * write the pacts, then each real provider verifies them), and Playwright end-to-end tests in Chromium
 * against the system started as `npm start` starts it. Ends with one line: N passed, N failed.
 */
const resultsDir = join(repoRoot, 'var/test-results');
rmSync(resultsDir, { recursive: true, force: true });
mkdirSync(resultsDir, { recursive: true });
const bin = (name: string) => join(repoRoot, 'node_modules/.bin', name);
const log = (line: string) => console.log(`\n[test] ${line}`);

type Tally = { name: string; passed: number; failed: number; seconds: number };
const tallies: Tally[] = [];

function run(command: string, args: string[], env: Record<string, string> = {}): boolean {
  const result = spawnSync(command, args, { cwd: repoRoot, stdio: 'inherit', env: { ...process.env, ...env } });
  return result.status === 0;
}

/** A check that passes or fails as a whole (lint, type check). */
function check(name: string, command: string, args: string[]): void {
  log(name);
  const began = Date.now();
  const ok = run(command, args, { TURBO_TELEMETRY_DISABLED: '1', DO_NOT_TRACK: '1' });
  tallies.push({ name, passed: ok ? 1 : 0, failed: ok ? 0 : 1, seconds: (Date.now() - began) / 1000 });
}

/** A vitest run, counted test by test from its JSON report. */
function vitest(name: string, projects: string[]): void {
  log(name);
  const began = Date.now();
  const output = join(resultsDir, `${name.replace(/\W+/g, '-')}.json`);
  const args = ['run', ...projects.flatMap((p) => ['--project', p]), '--reporter=default', '--reporter=json', `--outputFile.json=${output}`];
  const ok = run(bin('vitest'), args);
  let passed = 0;
  let failed = 0;
  if (existsSync(output)) {
    const report = JSON.parse(readFileSync(output, 'utf8')) as { numPassedTests: number; numFailedTests: number; numTotalTests: number; testResults: { status: string }[] };
    passed = report.numPassedTests;
    failed = report.numFailedTests + report.testResults.filter((file) => file.status === 'failed' && report.numFailedTests === 0).length;
  }
  if (!ok && failed === 0) failed = 1; // the run failed without a failing test: count the run itself
  tallies.push({ name, passed, failed, seconds: (Date.now() - began) / 1000 });
}

/** The Playwright run, counted from its JSON report. */
function playwright(name: string): void {
  log(name);
  const began = Date.now();
  const output = join(resultsDir, 'e2e.json');
  const ok = run(bin('playwright'), ['test', '-c', 'e2e/playwright.config.ts', '--reporter=list,json'], { PLAYWRIGHT_JSON_OUTPUT_NAME: output });
  let passed = 0;
  let failed = 0;
  if (existsSync(output)) {
    const { stats } = JSON.parse(readFileSync(output, 'utf8')) as { stats: { expected: number; unexpected: number; flaky: number } };
    passed = stats.expected + stats.flaky;
    failed = stats.unexpected;
  }
  if (!ok && failed === 0) failed = 1;
  tallies.push({ name, passed, failed, seconds: (Date.now() - began) / 1000 });
}

const quiet = (line: string) => console.log(`[test] ${line}`);
await ensurePostgres(quiet);
await ensureNats(quiet);
await ensureRedis(quiet);

check('lint', bin('biome'), ['check', '.']);
check('import boundaries', bin('tsx'), ['scripts/lint/lint-boundaries.ts']);
// The /api document against Redocly's recommended rules (needs @redocly/cli in the lockfile).
check('openapi lint', 'npm', ['run', '--silent', 'lint:openapi']);
check('typecheck', bin('turbo'), ['run', 'typecheck', 'typecheck:scripts', '--output-logs=errors-only']);
vitest('unit, ui and integration tests', ['unit', 'ui', 'integration']);
// A NATS cluster and two replicas of each service, with kills (npm run test:replicas): on its own, after the integration tests.
vitest('replicas test', ['replicas']);
rmSync(join(repoRoot, 'pacts'), { recursive: true, force: true });
vitest('contract tests: consumers', ['contract-consumer']);
vitest('contract tests: providers', ['contract-provider']);
playwright('end-to-end tests');

console.log('\n[test] summary');
for (const t of tallies) console.log(`  ${t.name.padEnd(34)} ${String(t.passed).padStart(4)} passed ${String(t.failed).padStart(3)} failed  ${t.seconds.toFixed(0)} s`);
const passed = tallies.reduce((sum, t) => sum + t.passed, 0);
const failed = tallies.reduce((sum, t) => sum + t.failed, 0);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
