import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ensureNats, ensurePostgres, ensureRedis, ensureS3, reachable, repoRoot, type Started, varDir, waitFor } from './infra.ts';

type Proc = { name: string; cwd: string; script: string; port: number; health: string; env: Record<string, string> };

export type RunningSystem = { url: string; stop: () => Promise<void>; env: Record<string, string> };

/** Secrets for a local run, made once and kept in var/ so sessions survive a restart. */
function localSecrets(): { INTERNAL_AUTH_SECRET: string; SESSION_SECRET: string } {
  const file = join(varDir, 'dev-secrets.json');
  if (existsSync(file)) return JSON.parse(readFileSync(file, 'utf8'));
  mkdirSync(varDir, { recursive: true });
  const secrets = { INTERNAL_AUTH_SECRET: randomBytes(32).toString('hex'), SESSION_SECRET: randomBytes(32).toString('hex') };
  writeFileSync(file, JSON.stringify(secrets), { mode: 0o600 });
  return secrets;
}

/** Compact, readable lines from pino JSON; anything else passes through. */
function formatLine(name: string, line: string): string {
  try {
    const entry = JSON.parse(line) as { level?: number; msg?: string; req?: { method?: string; url?: string }; res?: { statusCode?: number }; err?: { message?: string } };
    const level = ({ 10: 'TRACE', 20: 'DEBUG', 30: 'INFO', 40: 'WARN', 50: 'ERROR', 60: 'FATAL' } as Record<number, string>)[entry.level ?? 30] ?? 'INFO';
    const extra = [entry.req && `${entry.req.method} ${entry.req.url}`, entry.res?.statusCode, entry.err?.message].filter(Boolean).join(' ');
    return `[${name}] ${level} ${entry.msg ?? ''}${extra ? ` (${extra})` : ''}`;
  } catch {
    return `[${name}] ${line}`;
  }
}

export function buildFrontends(log: (line: string) => void): void {
  log('Building the frontends (cached when nothing changed)…');
  const result = spawnSync(
    join(repoRoot, 'node_modules/.bin/turbo'),
    ['run', 'build', '--filter=@krom/shell', '--filter=@krom/marketplace', '--filter=@krom/account', '--filter=@krom/admin-frontend', '--output-logs=errors-only'],
    { cwd: repoRoot, stdio: 'inherit', env: { ...process.env, TURBO_TELEMETRY_DISABLED: '1', DO_NOT_TRACK: '1' } },
  );
  if (result.status !== 0) throw new Error('frontend build failed');
}

/**
 * Starts the whole system on this machine: infrastructure where missing, the four services,
 * the BFF and the web server, each on its port; resolves once every one answers ready.
 */
export async function startSystem(options: { log: (line: string) => void; quiet?: boolean; env?: Record<string, string> }): Promise<RunningSystem> {
  const { log } = options;
  const started: Started[] = [];
  const children: { name: string; child: ChildProcess }[] = [];
  const stop = async () => {
    await Promise.all(
      children.map(
        ({ child }) =>
          new Promise<void>((resolve) => {
            if (child.exitCode !== null || child.signalCode !== null) return resolve();
            child.once('exit', () => resolve());
            child.kill('SIGTERM');
            setTimeout(() => child.kill('SIGKILL'), 15_000).unref();
          }),
      ),
    );
    for (const infra of started.reverse()) await infra.stop().catch(() => undefined);
  };

  try {
    const postgres = await ensurePostgres(log);
    if (postgres.started) started.push(postgres.started);
    const nats = await ensureNats(log);
    if (nats.started) started.push(nats.started);
    const redis = await ensureRedis(log);
    if (redis.started) started.push(redis.started);

    const secrets = localSecrets();
    const prefix = options.env?.KROM_DATABASE_PREFIX ?? process.env.KROM_DATABASE_PREFIX ?? 'krom_';
    const database = (service: string) => {
      const url = new URL(postgres.url);
      url.pathname = `/${prefix}${service}`;
      return url.toString();
    };
    // KROM_PORT_OFFSET moves every port, so a test run can stand beside a developer's running copy.
    const offset = Number(options.env?.KROM_PORT_OFFSET ?? process.env.KROM_PORT_OFFSET ?? 0);
    const port = (base: number) => base + offset;
    const webPort = Number(process.env.WEB_PORT ?? port(8080));
    const s3 = await ensureS3(log, port(4569));
    if (s3.started) started.push(s3.started);
    const publicOrigin = process.env.PUBLIC_ORIGIN ?? `http://localhost:${webPort}`;
    const common = {
      INTERNAL_AUTH_SECRET: secrets.INTERNAL_AUTH_SECRET,
      NATS_URL: nats.url,
      REDIS_URL: redis.url,
      LOG_LEVEL: process.env.LOG_LEVEL ?? 'info',
      ...options.env,
    };
    const procs: Proc[] = [
      { name: 'identity', cwd: 'services/identity', script: 'src/server.ts', port: port(4001), health: '/health/ready', env: { DATABASE_URL: database('identity'), ...s3.env } },
      { name: 'rides', cwd: 'services/rides', script: 'src/server.ts', port: port(4002), health: '/health/ready', env: { DATABASE_URL: database('rides') } },
      {
        name: 'notifications',
        cwd: 'services/notifications',
        script: 'src/server.ts',
        port: port(4003),
        health: '/health/ready',
        env: { DATABASE_URL: database('notifications'), LOCAL_OUTBOX_DIR: process.env.LOCAL_OUTBOX_DIR ?? join(varDir, 'outbox') },
      },
      { name: 'admin', cwd: 'services/admin', script: 'src/server.ts', port: port(4004), health: '/health/ready', env: { DATABASE_URL: database('admin') } },
      { name: 'bff', cwd: 'bff', script: 'src/server.ts', port: port(4000), health: '/health/ready', env: {
          SESSION_SECRET: secrets.SESSION_SECRET,
          PUBLIC_ORIGIN: publicOrigin,
          IDENTITY_URL: `http://127.0.0.1:${port(4001)}`,
          RIDES_URL: `http://127.0.0.1:${port(4002)}`,
          NOTIFICATIONS_URL: `http://127.0.0.1:${port(4003)}`,
          ADMIN_URL: `http://127.0.0.1:${port(4004)}`,
        },
      },
      { name: 'web', cwd: 'frontends/shell', script: 'server/serve.ts', port: webPort, health: '/health/live', env: { BFF_URL: `http://127.0.0.1:${port(4000)}` } },
    ];

    for (const proc of procs) {
      if (await reachable('127.0.0.1', proc.port, 300)) throw new Error(`Port ${proc.port} (${proc.name}) is already in use: is Krom already running?`);
    }
    for (const proc of procs) {
      const child = spawn(process.execPath, ['--import', 'tsx', proc.script], {
        cwd: join(repoRoot, proc.cwd),
        env: { ...process.env, ...common, ...proc.env, ...options.env, PORT: String(proc.port), HOST: process.env.HOST ?? '127.0.0.1' },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      children.push({ name: proc.name, child });
      for (const stream of [child.stdout, child.stderr]) {
        let buffered = '';
        stream?.on('data', (chunk: Buffer) => {
          buffered += chunk.toString();
          const lines = buffered.split('\n');
          buffered = lines.pop() ?? '';
          if (!options.quiet) for (const line of lines) if (line.trim()) console.log(formatLine(proc.name, line));
        });
      }
      child.once('exit', (code, signal) => {
        if (code !== 0 && signal === null) log(`${proc.name} exited with code ${code}`);
      });
    }
    await Promise.all(
      procs.map((proc) =>
        waitFor(
          proc.name,
          async () => {
            const exited = children.find((c) => c.name === proc.name)?.child.exitCode;
            if (exited !== null && exited !== undefined) throw new Error(`${proc.name} exited with code ${exited} before it was ready`);
            try {
              return (await fetch(`http://127.0.0.1:${proc.port}${proc.health}`)).ok;
            } catch {
              return false;
            }
          },
          90_000,
        ),
      ),
    );
    return { url: publicOrigin, stop, env: common };
  } catch (error) {
    await stop();
    throw error;
  }
}
