import { z } from 'zod';

const port = z.coerce
  .number({ error: 'must be a number' })
  .int('must be a whole number')
  .min(1, 'must be between 1 and 65535')
  .max(65535, 'must be between 1 and 65535');

/** The web server's environment. It refuses to start on a bad value rather than guess. */
export const webConfigSchema = z.object({
  NODE_ENV: z.enum(['development', 'test', 'production']).default('production'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  HOST: z.string().min(1).default('127.0.0.1'),
  PORT: port.default(8080),
  /** Only behind a load balancer that sets X-Forwarded-*: otherwise a client could forge them. */
  TRUST_PROXY: z
    .enum(['true', 'false'], { error: 'must be true or false' })
    .default('false')
    .transform((value) => value === 'true'),
  BFF_URL: z
    .url({ protocol: /^https?$/, error: 'must be an http(s) URL' })
    .default('http://127.0.0.1:4000'),
});

export type WebConfig = z.infer<typeof webConfigSchema>;

export function loadWebConfig(env: NodeJS.ProcessEnv = process.env): WebConfig {
  const result = webConfigSchema.safeParse({
    ...env,
    // WEB_PORT wins so the web server can sit beside services that all read PORT.
    PORT: env.WEB_PORT ?? env.PORT,
  });
  if (!result.success) {
    const problems = result.error.issues.map((issue) => `${issue.path.join('.')} ${issue.message}`).join('; ');
    throw new Error(`Invalid web server configuration: ${problems}`);
  }
  return result.data;
}
