import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { userSnapshotStream } from '@krom/contracts/events/identity';
import pg from 'pg';
import { e2ePortOffset } from './playwright.config.ts';
import { e2eAdmin, e2eDir, e2eMoneyTimings, e2eOutboxDir, e2eResendSeconds, repoRoot } from './tests/support/e2e-env.ts';

const databasePrefix = 'krom_e2e_';

/** Fresh databases for every run, so each run starts from an empty system. */
async function dropE2eDatabases(): Promise<void> {
  const client = new pg.Client({ connectionString: process.env.POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres' });
  await client.connect();
  try {
    const { rows } = await client.query<{ datname: string }>('SELECT datname FROM pg_database WHERE datname LIKE $1', [`${databasePrefix}%`]);
    for (const { datname } of rows) await client.query(`DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`);
  } finally {
    await client.end();
  }
}

/** Starts `npm start` and resolves once it prints the URL; the returned function stops it. */
export default async function globalSetup(): Promise<() => Promise<void>> {
  rmSync(e2eDir, { recursive: true, force: true });
  mkdirSync(e2eOutboxDir, { recursive: true });
  await dropE2eDatabases();
  const busPrefix = `e2e${Date.now().toString(36)}`;
  const child: ChildProcess = spawn('npm', ['start'], {
    cwd: repoRoot,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      KROM_PORT_OFFSET: String(e2ePortOffset),
      KROM_DATABASE_PREFIX: databasePrefix,
      BUS_PREFIX: busPrefix,
      REDIS_PREFIX: busPrefix,
      LOCAL_OUTBOX_DIR: e2eOutboxDir,
      ADMIN_BOOTSTRAP_USERNAME: e2eAdmin.username,
      ADMIN_BOOTSTRAP_PASSWORD: e2eAdmin.password,
      RATE_LIMIT_PUBLIC_PER_MINUTE: '1000',
      PHONE_CODE_RESEND_SECONDS: String(e2eResendSeconds),
      // Every test's browser is the same client address; the product's 20 codes an hour would run out.
      PHONE_CODE_HOURLY_CAP_PER_CLIENT: '1000',
      // A trip completes, and its payout is made, within minutes rather than hours and a day.
      ...e2eMoneyTimings,
      LOG_LEVEL: 'warn',
    },
  });
  const output: string[] = [];
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`npm start did not print its URL in 15 minutes:\n${output.join('')}`)), 15 * 60_000);
    const onData = (chunk: Buffer) => {
      output.push(chunk.toString());
      process.stdout.write(chunk);
      if (/Krom is running at/.test(chunk.toString())) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`npm start exited with code ${code}:\n${output.join('')}`));
    });
  });
  writeFileSync(join(e2eDir, 'bus-prefix'), busPrefix);

  return async () => {
    if (child.pid === undefined || child.exitCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    process.kill(-child.pid, 'SIGINT');
    const force = setTimeout(() => child.pid && process.kill(-child.pid, 'SIGKILL'), 20_000);
    await exited;
    clearTimeout(force);
    await deleteStreams(busPrefix);
  };
}

/** The run's event stream, and identity's stream of each user's last snapshot made from it. */
async function deleteStreams(prefix: string): Promise<void> {
  const { connect } = await import('@nats-io/transport-node');
  const { jetstreamManager } = await import('@nats-io/jetstream');
  const nc = await connect({ servers: process.env.NATS_URL ?? 'nats://127.0.0.1:4222' });
  try {
    const jsm = await jetstreamManager(nc);
    const events = `KROM_${prefix.toUpperCase()}`;
    // The snapshot stream sources from the event stream, so it goes first.
    for (const name of [`${events}_${userSnapshotStream.suffix}`, events]) await jsm.streams.delete(name).catch(() => undefined);
  } finally {
    await nc.close();
  }
}

export { repoRoot };
