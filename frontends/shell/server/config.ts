import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { parseRemoteSources } from './remote-sources.ts';

const shellDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

const port = z.coerce
  .number({ error: 'must be a number' })
  .int('must be a whole number')
  .min(1, 'must be between 1 and 65535')
  .max(65535, 'must be between 1 and 65535');

const serverSettings = {
  NODE_ENV: z.enum(['development', 'test', 'production']).default('production'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  HOST: z.string().min(1).default('127.0.0.1'),
  PORT: port.default(8080),
};

const tlsPair = (config: { TLS_CERT_FILE?: string | undefined; TLS_KEY_FILE?: string | undefined }) =>
  (config.TLS_CERT_FILE === undefined) === (config.TLS_KEY_FILE === undefined);

/** The web server's environment. It refuses to start on a bad value rather than guess. */
export const webConfigSchema = z.object({
  ...serverSettings,
  /** Only behind a load balancer that sets X-Forwarded-*: otherwise a client could forge them. */
  TRUST_PROXY: z
    .enum(['true', 'false'], { error: 'must be true or false' })
    .default('false')
    .transform((value) => value === 'true'),
  /**
   * Before launch the landing page says Krom is coming soon and points to the waitlist; once the
   * marketplace is open (the default) it does not. Read by the browser from each page's head.
   */
  PRE_LAUNCH: z
    .enum(['true', 'false'], { error: 'must be true or false' })
    .default('false')
    .transform((value) => value === 'true'),
  BFF_URL: z
    .url({ protocol: /^https?$/, error: 'must be an http(s) URL' })
    .default('http://127.0.0.1:4000'),
  /**
   * A PEM certificate (chain) and its key, both or neither: the server then answers over TLS,
   * HTTP/2 where the browser offers it. Without them it answers plain HTTP/1.1 (behind a
   * TLS-terminating proxy, or on a developer's machine).
   */
  TLS_CERT_FILE: z.string().min(1).optional(),
  TLS_KEY_FILE: z.string().min(1).optional(),
  /**
   * The remotes and where their builds are: `name=folder` (served from disk, relative to
   * frontends/shell) or `name=http://host:port` (their own server, proxied). /remotes.json tells
   * the browser about exactly these. Default: the three local builds, as `npm start` uses them.
   */
  REMOTES: z
    .string()
    .default('marketplace=../marketplace/dist,account=../account/dist,admin=../admin/dist')
    .transform((value, context) => {
      try {
        return parseRemoteSources(value, shellDir);
      } catch (error) {
        context.addIssue({ code: 'custom', message: (error as Error).message });
        return z.NEVER;
      }
    }),
}).refine(tlsPair, { message: 'and TLS_KEY_FILE go together: set both or neither', path: ['TLS_CERT_FILE'] });

export type WebConfig = z.infer<typeof webConfigSchema>;

/** A remote's own server (remote-server.ts): which remote, and the folder holding its build. */
export const remoteServerConfigSchema = z.object({
  ...serverSettings,
  REMOTE_NAME: z.string().regex(/^[a-z][a-z0-9-]*$/, 'must be a remote name such as marketplace'),
  REMOTE_DIST: z.string().min(1, 'must be the folder holding the remote build'),
});

export type RemoteServerConfig = z.infer<typeof remoteServerConfigSchema>;

function parseOrExplain<T>(schema: z.ZodType<T>, input: unknown, what: string): T {
  const result = schema.safeParse(input);
  if (!result.success) {
    const problems = result.error.issues.map((issue) => `${issue.path.join('.')} ${issue.message}`).join('; ');
    throw new Error(`Invalid ${what} configuration: ${problems}`);
  }
  return result.data;
}

export function loadWebConfig(env: NodeJS.ProcessEnv = process.env): WebConfig {
  // WEB_PORT wins so the web server can sit beside services that all read PORT.
  return parseOrExplain(webConfigSchema, { ...env, PORT: env.WEB_PORT ?? env.PORT }, 'web server');
}

export function loadRemoteServerConfig(env: NodeJS.ProcessEnv = process.env): RemoteServerConfig {
  return parseOrExplain(remoteServerConfigSchema, env, 'remote server');
}
