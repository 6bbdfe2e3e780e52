import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { varDir } from './infra.ts';

/** Where each service's database of a local run lives: one PostgreSQL server, one name prefix. */
export type DatabaseSettings = { postgresUrl: string; prefix: string };

export const defaultDatabaseSettings: DatabaseSettings = { postgresUrl: 'postgres://postgres@127.0.0.1:5432/postgres', prefix: 'krom_' };

/** What KROM_PORT_OFFSET moves every port of a run by (0: the README's ports). */
export const runPortOffset = (env: NodeJS.ProcessEnv): number => Number(env.KROM_PORT_OFFSET ?? 0);

/**
 * The file a run records its databases in, for commands run beside it (`npm run admin:create`).
 * Runs side by side on one machine differ by their ports, so there is one file per port offset:
 * `npm start` writes var/local-run.json, and the bench (+200) or the end-to-end run (+100), each
 * with its own databases, never rewrites it.
 */
export function localRunFile(env: NodeJS.ProcessEnv, dir = varDir): string {
  const offset = runPortOffset(env);
  return join(dir, offset === 0 ? 'local-run.json' : `local-run.port-offset-${offset}.json`);
}

/** `<prefix><service>` on the run's PostgreSQL server, as every service of the run is given it. */
export function serviceDatabaseUrl(settings: DatabaseSettings, service: string): string {
  const url = new URL(settings.postgresUrl);
  url.pathname = `/${settings.prefix}${service}`;
  return url.toString();
}

export function recordLocalRun(settings: DatabaseSettings, env: NodeJS.ProcessEnv, dir = varDir): void {
  const file = localRunFile(env, dir);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, `${JSON.stringify(settings, null, 2)}\n`, { mode: 0o600 });
}

export function readLocalRun(env: NodeJS.ProcessEnv, dir = varDir): Partial<DatabaseSettings> {
  const file = localRunFile(env, dir);
  if (!existsSync(file)) return {};
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as Partial<DatabaseSettings>;
  } catch {
    return {};
  }
}

/**
 * The databases of a run started with `env` (KROM_DATABASE_PREFIX) on the PostgreSQL server at
 * `postgresUrl`, recorded in the run's own file for the commands run beside it.
 */
export function startedRunDatabases(postgresUrl: string, env: NodeJS.ProcessEnv, dir = varDir): DatabaseSettings {
  const settings = { postgresUrl, prefix: env.KROM_DATABASE_PREFIX ?? defaultDatabaseSettings.prefix };
  recordLocalRun(settings, env, dir);
  return settings;
}

/**
 * The settings a command beside a run should use: what the environment says (POSTGRES_URL,
 * KROM_DATABASE_PREFIX, as `npm start` reads them), else what the run on the same ports
 * (KROM_PORT_OFFSET) recorded (including the embedded PostgreSQL it may have fallen back to),
 * else the defaults.
 */
export function resolveDatabaseSettings(env: NodeJS.ProcessEnv, recorded: Partial<DatabaseSettings> = readLocalRun(env)): DatabaseSettings {
  return {
    postgresUrl: env.POSTGRES_URL || recorded.postgresUrl || defaultDatabaseSettings.postgresUrl,
    prefix: env.KROM_DATABASE_PREFIX ?? recorded.prefix ?? defaultDatabaseSettings.prefix,
  };
}
