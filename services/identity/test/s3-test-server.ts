import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startLocalS3 } from '@krom/server-kit/local-s3';

/**
 * A real S3-compatible server (s3rver) for one test file: a free port, objects in a temporary
 * folder, one bucket. `env` is what the identity service reads to use it.
 */
export async function startS3TestServer(bucket = 'krom-test-uploads') {
  const directory = await mkdtemp(join(tmpdir(), 'krom-s3-'));
  const server = await startLocalS3({ port: 0, directory, bucket });
  return {
    directory,
    env: server.env,
    async close() {
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
