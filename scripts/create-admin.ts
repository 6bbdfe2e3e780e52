import { spawnSync } from 'node:child_process';
import { resolveDatabaseSettings, serviceDatabaseUrl } from './lib/service-databases.ts';

/**
 * `npm run admin:create -- --username NAME [--password PASS]`: creates an admin in the database
 * the running system uses. ADMIN_DATABASE_URL (or DATABASE_URL) names it outright; otherwise it is
 * found as `npm start` finds it (POSTGRES_URL and KROM_DATABASE_PREFIX, else what the last
 * `npm start` recorded in var/local-run.json), so a run started with a prefix gets its admin.
 */
const databaseUrl = process.env.ADMIN_DATABASE_URL || process.env.DATABASE_URL || serviceDatabaseUrl(resolveDatabaseSettings(process.env), 'admin');
const run = spawnSync('npm', ['run', '--silent', 'create-admin', '-w', '@krom/admin-service', '--', ...process.argv.slice(2)], {
  stdio: 'inherit',
  env: { ...process.env, DATABASE_URL: databaseUrl },
});
process.exitCode = run.status ?? 1;
