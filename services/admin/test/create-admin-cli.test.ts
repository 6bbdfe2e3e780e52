import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { dropDatabase } from '@krom/server-kit/db';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';

const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));
const prefix = `krom_cli_${randomBytes(4).toString('hex')}_`;
const postgresUrl = process.env.POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const adminDatabase = new URL(postgresUrl);
adminDatabase.pathname = `/${prefix}admin`;

afterAll(() => dropDatabase(adminDatabase.toString()));

describe('npm run admin:create', () => {
  it('creates the admin in the database of a run started with a database prefix', async () => {
    const { DATABASE_URL: _url, ADMIN_DATABASE_URL: _adminUrl, ...env } = process.env;
    const { stdout } = await promisify(execFile)('npm', ['run', '--silent', 'admin:create', '--', '--username', 'prefixed.ops', '--password', 'ops-pass-1'], {
      cwd: repoRoot,
      env: { ...env, KROM_DATABASE_PREFIX: prefix, POSTGRES_URL: postgresUrl },
    });
    expect(stdout).toContain('Created admin "prefixed.ops"');

    const client = new pg.Client({ connectionString: adminDatabase.toString() });
    await client.connect();
    try {
      const { rows } = await client.query('SELECT username FROM admin_users');
      expect(rows.map((row) => row.username)).toEqual(['prefixed.ops']);
    } finally {
      await client.end();
    }
  });
});
