import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { parseEnv } from 'node:util';
import { resolveDatabaseSettings, serviceDatabaseUrl } from './lib/service-databases.ts';

/**
 * `npm run admin:create -- --username NAME [--password PASS]`: creates an admin in the database
 * the running system uses. ADMIN_DATABASE_URL (or DATABASE_URL) names it outright; otherwise it is
 * found as `npm start` finds it (POSTGRES_URL and KROM_DATABASE_PREFIX, from the environment or
 * .env, else what the `npm start` on the same ports recorded in var/local-run.json), so a run
 * started with a prefix gets its admin, and a bench run since then does not take it.
 */
// Where the run is, as `npm start` read it: its .env, the environment winning (DATABASE_URL there is not the admin's).
const dotEnv = existsSync('.env') ? parseEnv(readFileSync('.env', 'utf8')) : {};
const runSettings = ['POSTGRES_URL', 'KROM_DATABASE_PREFIX', 'KROM_PORT_OFFSET'];
const runEnv = { ...Object.fromEntries(Object.entries(dotEnv).filter(([key]) => runSettings.includes(key))), ...process.env };
const databaseUrl = process.env.ADMIN_DATABASE_URL || process.env.DATABASE_URL || serviceDatabaseUrl(resolveDatabaseSettings(runEnv), 'admin');
const run = spawnSync('npm', ['run', '--silent', 'create-admin', '-w', '@krom/admin-service', '--', ...process.argv.slice(2)], {
  stdio: 'inherit',
  env: { ...process.env, DATABASE_URL: databaseUrl },
});
process.exitCode = run.status ?? 1;
