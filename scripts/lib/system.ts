import { spawnSync } from 'node:child_process';
import { createHmac, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ensureNats, ensurePostgres, ensureRedis, ensureS3, reachable, repoRoot, type Started, varDir } from './infra.ts';
import { localRedisPrefix } from './local-run-prefix.ts';
import { runPortOffset, serviceDatabaseUrl, startedRunDatabases } from './service-databases.ts';
import { type ProcessSpec, type Supervised, supervise } from './supervisor.ts';

export type RunningSystem = {
  url: string;
  stop: () => Promise<void>;
  env: Record<string, string>;
  /** The local mobile money gateway's phone page, when the run uses it (no gateway credentials set). */
  mobileMoneyPhoneUrl: string | undefined;
  /** The local SMS phone's page, when the run uses it (no SMS provider's credentials set). */
  smsPhoneUrl: string | undefined;
};

/** Variables that, when set, mean a real mobile money gateway is configured, so the local one is not started. */
const MOBILE_MONEY_CREDENTIALS = ['PAYSTACK_SECRET_KEY', 'HUBTEL_CLIENT_ID'];

/** Variables that, when set, mean a real SMS provider is configured, so the local SMS phone is not started. */
const SMS_CREDENTIALS = ['TWILIO_ACCOUNT_SID'];

/** Secrets for a local run, made once and kept in var/ so sessions survive a restart. */
function localSecrets(): { INTERNAL_AUTH_SECRET: string; SESSION_SECRET: string } {
  const file = join(varDir, 'dev-secrets.json');
  if (existsSync(file)) return JSON.parse(readFileSync(file, 'utf8'));
  mkdirSync(varDir, { recursive: true });
  const secrets = { INTERNAL_AUTH_SECRET: randomBytes(32).toString('hex'), SESSION_SECRET: randomBytes(32).toString('hex') };
  writeFileSync(file, JSON.stringify(secrets), { mode: 0o600 });
  return secrets;
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
 * Starts the whole system on this machine: infrastructure where missing, the five services,
 * the BFF and the web server (and the local mobile money gateway when no real one is configured),
 * each on its port; resolves once every one answers ready.
 */
export async function startSystem(options: { log: (line: string) => void; quiet?: boolean; env?: Record<string, string> }): Promise<RunningSystem> {
  const { log } = options;
  const started: Started[] = [];
  const children: Supervised[] = [];
  const stop = async () => {
    await Promise.all(children.map((child) => child.stop()));
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
    const runEnv = { ...process.env, ...options.env };
    // Recorded for `npm run admin:create`, in a file of this run's ports: the bench's and e2e's runs never rewrite `npm start`'s.
    const databases = startedRunDatabases(postgres.url, runEnv);
    const database = (service: string) => serviceDatabaseUrl(databases, service);
    // KROM_PORT_OFFSET moves every port, so a test run can stand beside a developer's running copy.
    const offset = runPortOffset(runEnv);
    const port = (base: number) => base + offset;
    const webPort = Number(process.env.WEB_PORT ?? port(8080));
    const s3 = await ensureS3(log, port(4569));
    if (s3.started) started.push(s3.started);
    const publicOrigin = process.env.PUBLIC_ORIGIN ?? `http://localhost:${webPort}`;
    // Unique to this copy of the repository unless set: two copies sharing one Redis keep apart.
    const redisPrefix = options.env?.REDIS_PREFIX ?? process.env.REDIS_PREFIX ?? localRedisPrefix(repoRoot);
    const common = {
      INTERNAL_AUTH_SECRET: secrets.INTERNAL_AUTH_SECRET,
      NATS_URL: nats.url,
      REDIS_URL: redis.url,
      LOG_LEVEL: process.env.LOG_LEVEL ?? 'info',
      ...options.env,
    };
    // With no gateway's credentials, payments collects through the local gateway: a process of its
    // own, outside Krom as a real gateway is, whose phone page shows the prompts. Its secret comes
    // from the run's internal secret, so it stays the same from one start to the next. Its port is
    // 4095 (+ the run's offset): 4090 + the e2e run's 100 is 4190, a port fetch refuses to call.
    const localMomo = MOBILE_MONEY_CREDENTIALS.some((name) => runEnv[name]) ? undefined : Number(runEnv.LOCAL_MOMO_PORT ?? port(4095));
    const localMomoSecret = runEnv.LOCAL_MOMO_SECRET ?? createHmac('sha256', secrets.INTERNAL_AUTH_SECRET).update('krom local mobile money gateway').digest('hex');
    const localMomoProcs: ProcessSpec[] =
      localMomo === undefined
        ? []
        : [
            {
              name: 'local-momo',
              cwd: 'services/payments',
              script: 'src/providers/mobile-money/local-gateway/server.ts',
              port: localMomo,
              health: '/health/ready',
              env: {
                LOCAL_MOMO_PORT: String(localMomo),
                LOCAL_MOMO_DATABASE_URL: database('local_momo'),
                LOCAL_MOMO_SECRET: localMomoSecret,
                // Callbacks come back through the web server to the BFF, as a real gateway's would.
                LOCAL_MOMO_CALLBACK_URL: runEnv.LOCAL_MOMO_CALLBACK_URL ?? `${publicOrigin}/api/callbacks/payments/mobile-money`,
              },
            },
          ];
    // With no SMS provider's credentials, replies go to the local outbox and texts to Krom come from
    // the local SMS phone: a process of its own (as a phone network is), posting signed texts to
    // the BFF's inbound callback and reading the replies from the outbox. Its secret is derived
    // from the run's internal secret, as the mobile money gateway's is.
    const outboxDir = process.env.LOCAL_OUTBOX_DIR ?? join(varDir, 'outbox');
    const smsPhone = SMS_CREDENTIALS.some((name) => runEnv[name]) ? undefined : Number(runEnv.LOCAL_SMS_PHONE_PORT ?? port(4091));
    const smsPhoneSecret = runEnv.LOCAL_SMS_PHONE_SECRET ?? createHmac('sha256', secrets.INTERNAL_AUTH_SECRET).update('krom-local-sms-phone').digest('hex');
    const smsPhoneProcs: ProcessSpec[] =
      smsPhone === undefined
        ? []
        : [
            {
              name: 'local-sms-phone',
              cwd: 'services/notifications',
              script: 'src/providers/sms/local-phone/server.ts',
              port: smsPhone,
              health: '/health/ready',
              env: {
                LOCAL_SMS_PHONE_PORT: String(smsPhone),
                LOCAL_SMS_PHONE_SECRET: smsPhoneSecret,
                LOCAL_OUTBOX_DIR: outboxDir,
                LOCAL_SMS_INBOUND_URL: runEnv.LOCAL_SMS_INBOUND_URL ?? `${publicOrigin}/api/callbacks/local/sms-inbound`,
              },
            },
          ];
    const paymentsGateway: Record<string, string> = localMomo === undefined ? {} : { LOCAL_MOMO_URL: `http://127.0.0.1:${localMomo}`, LOCAL_MOMO_SECRET: localMomoSecret };
    const procs: ProcessSpec[] = [
      ...localMomoProcs,
      ...smsPhoneProcs,
      { name: 'identity', cwd: 'services/identity', script: 'src/server.ts', port: port(4001), health: '/health/ready', env: { DATABASE_URL: database('identity'), ...s3.env } },
      // Rides' scheduled sweeps (request expiry, reminders, completion) are BullMQ queues under the run's prefix too.
      { name: 'rides', cwd: 'services/rides', script: 'src/server.ts', port: port(4002), health: '/health/ready', env: { DATABASE_URL: database('rides'), REDIS_PREFIX: redisPrefix } },
      {
        name: 'notifications',
        cwd: 'services/notifications',
        script: 'src/server.ts',
        port: port(4003),
        health: '/health/ready',
        env: {
          DATABASE_URL: database('notifications'),
          LOCAL_OUTBOX_DIR: outboxDir,
          LOCAL_SMS_PHONE_SECRET: smsPhoneSecret,
          REDIS_PREFIX: redisPrefix,
          // Delivery reports come back through the web server to the BFF, as Twilio's would.
          SMS_STATUS_CALLBACK_URL: process.env.SMS_STATUS_CALLBACK_URL ?? `${publicOrigin}/api/callbacks/twilio/sms-status`,
          // The links texted (the review reminder's) lead to the app where this run serves it.
          PUBLIC_ORIGIN: publicOrigin,
        },
      },
      { name: 'admin', cwd: 'services/admin', script: 'src/server.ts', port: port(4004), health: '/health/ready', env: { DATABASE_URL: database('admin'), ...s3.env } },
      { name: 'payments', cwd: 'services/payments', script: 'src/server.ts', port: port(4005), health: '/health/ready', env: { DATABASE_URL: database('payments'), ...paymentsGateway } },
      { name: 'bff', cwd: 'bff', script: 'src/server.ts', port: port(4000), health: '/health/ready', env: {
          SESSION_SECRET: secrets.SESSION_SECRET,
          REDIS_PREFIX: `${redisPrefix}:bff:`,
          PUBLIC_ORIGIN: publicOrigin,
          IDENTITY_URL: `http://127.0.0.1:${port(4001)}`,
          RIDES_URL: `http://127.0.0.1:${port(4002)}`,
          NOTIFICATIONS_URL: `http://127.0.0.1:${port(4003)}`,
          ADMIN_URL: `http://127.0.0.1:${port(4004)}`,
          PAYMENTS_URL: `http://127.0.0.1:${port(4005)}`,
        },
      },
      { name: 'web', cwd: 'frontends/shell', script: 'server/serve.ts', port: webPort, health: '/health/live', env: { BFF_URL: `http://127.0.0.1:${port(4000)}` } },
    ];

    for (const proc of procs) {
      if (await reachable('127.0.0.1', proc.port, 300)) throw new Error(`Port ${proc.port} (${proc.name}) is already in use: is Krom already running?`);
    }
    for (const proc of procs) {
      children.push(supervise(proc, { env: { ...process.env, ...common }, overrides: options.env, log, quiet: options.quiet }));
    }
    await Promise.all(children.map((child) => child.ready()));
    // From here on a process that dies is started again (with backoff), until stop().
    for (const child of children) child.restartOnExit(true);
    return {
      url: publicOrigin,
      stop,
      env: common,
      mobileMoneyPhoneUrl: localMomo === undefined ? undefined : `http://localhost:${localMomo}/phone`,
      smsPhoneUrl: smsPhone === undefined ? undefined : `http://localhost:${smsPhone}/sms`,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}
