import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { varDir } from './infra.ts';

/** Where each service's database of a local run lives: one PostgreSQL server, one name prefix. */
export type DatabaseSettings = { postgresUrl: string; prefix: string };

export const defaultDatabaseSettings: DatabaseSettings = { postgresUrl: 'postgres://postgres@127.0.0.1:5432/postgres', prefix: 'krom_' };

/** The file `npm start` writes the settings it ran with into, for commands run beside it (`npm run admin:create`). */
export const localRunFile = join(varDir, 'local-run.json');

/** `<prefix><service>` on the run's PostgreSQL server, as every service of the run is given it. */
export function serviceDatabaseUrl(settings: DatabaseSettings, service: string): string {
  const url = new URL(settings.postgresUrl);
  url.pathname = `/${settings.prefix}${service}`;
  return url.toString();
}

export function recordLocalRun(settings: DatabaseSettings, file = localRunFile): void {
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, `${JSON.stringify(settings, null, 2)}\n`, { mode: 0o600 });
}

export function readLocalRun(file = localRunFile): Partial<DatabaseSettings> {
  if (!existsSync(file)) return {};
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as Partial<DatabaseSettings>;
  } catch {
    return {};
  }
}

/**
 * The settings a command beside a run should use: what the environment says (POSTGRES_URL,
 * KROM_DATABASE_PREFIX, as `npm start` reads them), else what the last `npm start` recorded
 * (including the embedded PostgreSQL it may have fallen back to), else the defaults.
 */
export function resolveDatabaseSettings(env: NodeJS.ProcessEnv, recorded: Partial<DatabaseSettings> = readLocalRun()): DatabaseSettings {
  return {
    postgresUrl: env.POSTGRES_URL || recorded.postgresUrl || defaultDatabaseSettings.postgresUrl,
    prefix: env.KROM_DATABASE_PREFIX ?? recorded.prefix ?? defaultDatabaseSettings.prefix,
  };
}
