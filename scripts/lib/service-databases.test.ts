import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readLocalRun, recordLocalRun, resolveDatabaseSettings, serviceDatabaseUrl } from './service-databases.ts';

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
      const file = join(dir, 'var', 'local-run.json');
      expect(readLocalRun(file)).toEqual({});
      recordLocalRun({ postgresUrl: 'postgres://postgres@127.0.0.1:5432/postgres', prefix: 'demo_' }, file);
      expect(readLocalRun(file)).toEqual({ postgresUrl: 'postgres://postgres@127.0.0.1:5432/postgres', prefix: 'demo_' });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
