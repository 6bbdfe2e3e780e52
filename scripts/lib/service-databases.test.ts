import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readLocalRun, recordLocalRun, resolveDatabaseSettings, serviceDatabaseUrl, startedRunDatabases } from './service-databases.ts';

describe('the databases of a local run', () => {
  it('names each service database by the run prefix on the run server', () => {
    expect(serviceDatabaseUrl({ postgresUrl: 'postgres://postgres:pw@127.0.0.1:54329/postgres', prefix: 'demo_' }, 'admin')).toBe(
      'postgres://postgres:pw@127.0.0.1:54329/demo_admin',
    );
  });

  it('takes the environment first, then what the last start recorded, then the defaults', () => {
    const recorded = { postgresUrl: 'postgres://postgres:krom-local@127.0.0.1:54329/postgres', prefix: 'demo_' };
    expect(resolveDatabaseSettings({ KROM_DATABASE_PREFIX: 'mine_', POSTGRES_URL: 'postgres://db:5432/postgres' }, recorded)).toEqual({
      postgresUrl: 'postgres://db:5432/postgres',
      prefix: 'mine_',
    });
    expect(resolveDatabaseSettings({}, recorded)).toEqual(recorded);
    expect(resolveDatabaseSettings({}, {})).toEqual({ postgresUrl: 'postgres://postgres@127.0.0.1:5432/postgres', prefix: 'krom_' });
  });

  it('reads back what a start recorded', () => {
    const dir = mkdtempSync(join(tmpdir(), 'krom-run-'));
    try {
      const varDir = join(dir, 'var');
      expect(readLocalRun({}, varDir)).toEqual({});
      recordLocalRun({ postgresUrl: 'postgres://postgres@127.0.0.1:5432/postgres', prefix: 'demo_' }, {}, varDir);
      expect(readLocalRun({}, varDir)).toEqual({ postgresUrl: 'postgres://postgres@127.0.0.1:5432/postgres', prefix: 'demo_' });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('keeps admin:create on the databases of `npm start` after a bench or end-to-end run started beside it', () => {
    const dir = mkdtempSync(join(tmpdir(), 'krom-run-'));
    const server = 'postgres://postgres@127.0.0.1:5432/postgres';
    try {
      // `npm start`, then the bench's and the end-to-end run's own starts (scripts/bench.ts, e2e/global-setup.ts).
      startedRunDatabases(server, {}, dir);
      startedRunDatabases(server, { KROM_PORT_OFFSET: '200', KROM_DATABASE_PREFIX: 'krom_bench_' }, dir);
      startedRunDatabases(server, { KROM_PORT_OFFSET: '100', KROM_DATABASE_PREFIX: 'krom_e2e_' }, dir);

      expect(serviceDatabaseUrl(resolveDatabaseSettings({}, readLocalRun({}, dir)), 'admin')).toBe('postgres://postgres@127.0.0.1:5432/krom_admin');
      // The bench's own run is still reachable by its ports.
      const bench = { KROM_PORT_OFFSET: '200' };
      expect(serviceDatabaseUrl(resolveDatabaseSettings(bench, readLocalRun(bench, dir)), 'admin')).toBe('postgres://postgres@127.0.0.1:5432/krom_bench_admin');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
