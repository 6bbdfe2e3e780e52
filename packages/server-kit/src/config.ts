import { z } from 'zod';

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n  ${problems.join('\n  ')}`);
    this.name = 'ConfigError';
  }
}

/** Variables every Krom process reads. Services extend this with their own. */
export const baseConfigSchema = z.object({
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  HOST: z.string().default('127.0.0.1'),
  PORT: z.coerce.number().int().min(0).max(65535),
  /** Signs the short-lived assertions the BFF sends to services; at least 32 characters. */
  INTERNAL_AUTH_SECRET: z.string().min(32, 'must be at least 32 characters'),
  OTEL_EXPORTER_OTLP_ENDPOINT: z.string().url().optional(),
});

/** Variables of a service that owns a database and talks on the bus. */
export const serviceConfigSchema = baseConfigSchema.extend({
  DATABASE_URL: z.string().url(),
  NATS_URL: z.string().default('nats://127.0.0.1:4222'),
  /** Prefixes every subject and the stream name; lets isolated test runs share one NATS server. */
  BUS_PREFIX: z
    .string()
    .regex(/^[a-z0-9_]*$/, 'only lower-case letters, digits and _')
    .default(''),
  /**
   * How long the stream keeps events (its max_age), and so how long a redelivery can still
   * arrive: handled event ids are kept as long. Personal data in events is not kept forever.
   */
  EVENT_RETENTION_HOURS: z.coerce.number().int().min(1).max(24 * 366).default(7 * 24),
  /**
   * How many NATS servers of a cluster keep a copy of each stream (its num_replicas): 3 survives
   * the loss of one server; 1 for a single server. The same for every service.
   */
  NATS_STREAM_REPLICAS: z.coerce.number().int().min(1).max(5).default(1),
  /** How long a relayed outbox row stays for inspection before the relay prunes it. */
  OUTBOX_RETENTION_HOURS: z.coerce.number().int().min(1).max(24 * 366).default(24),
});

/** Variables of a service that runs BullMQ queues (the jobs kit, jobs.ts). */
export const jobsConfigShape = {
  REDIS_URL: z.string().url().default('redis://127.0.0.1:6379'),
  /** BullMQ key prefix; isolated test runs use their own. A trailing ':' is dropped (BullMQ adds its own). */
  REDIS_PREFIX: z
    .string()
    .transform((prefix) => prefix.replace(/:+$/, ''))
    .pipe(z.string().regex(/^[\w-]+$/, 'letters, digits, _ and - only'))
    .default('krom'),
};

/**
 * Parses the environment with a zod schema. A bad value stops the process with a message that
 * names every offending variable, rather than failing later somewhere less obvious.
 */
export function loadConfig<S extends z.ZodTypeAny>(schema: S, env: NodeJS.ProcessEnv = process.env): z.infer<S> {
  const parsed = schema.safeParse(env);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`),
    );
  }
  return parsed.data;
}
