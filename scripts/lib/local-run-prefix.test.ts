import { mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { localRedisPrefix } from './local-run-prefix.ts';

describe('the Redis prefix of a local run', () => {
  it('differs between two copies of the repository', () => {
    expect(localRedisPrefix('/home/ama/krom')).not.toBe(localRedisPrefix('/home/ama/krom-review'));
  });

  it('stays the same for one copy across runs, and is a prefix the services accept', () => {
    const prefix = localRedisPrefix('/home/ama/krom');
    expect(localRedisPrefix('/home/ama/krom/')).toBe(prefix);
    expect(prefix).toMatch(/^krom-[0-9a-f]{8}$/);
  });

  it('is the same for one copy reached through a symlink', () => {
    const dir = mkdtempSync(join(tmpdir(), 'krom-prefix-'));
    try {
      symlinkSync(dir, `${dir}-link`);
      expect(localRedisPrefix(`${dir}-link`)).toBe(localRedisPrefix(dir));
    } finally {
      rmSync(`${dir}-link`, { force: true });
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
