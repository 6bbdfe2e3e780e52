import { createHash } from 'node:crypto';
import { realpathSync } from 'node:fs';
import { resolve } from 'node:path';

/**
 * The Redis key prefix (BullMQ queues, sessions, rate limits) of a local run: `krom-` and eight
 * hex digits of a hash of the copy's absolute path. Two copies of the repository sharing one
 * Redis then never take each other's jobs, and a copy finds its own keys again after a restart.
 * The path is resolved through symlinks, so one copy reached two ways is still one copy.
 */
export function localRedisPrefix(repoPath: string): string {
  let path = resolve(repoPath);
  try {
    path = realpathSync(path);
  } catch {
    // A path that does not exist (yet) is taken as written.
  }
  return `krom-${createHash('sha256').update(path).digest('hex').slice(0, 8)}`;
}
