import { loadConfig } from '@krom/server-kit/config';
import { serveUntilSignalled } from '@krom/server-kit/http-app';
import { z } from 'zod';
import { openLocalGateway } from './open-local-gateway.ts';

/*
 * `tsx src/providers/mobile-money/local-gateway/server.ts`: the local mobile money gateway on its
 * own port, outside Krom as a real gateway is. `npm start` runs it when no gateway credentials are
 * set; its phone page is at http://localhost:4090/phone.
 */
const config = loadConfig(
  z.object({
    LOCAL_MOMO_PORT: z.coerce.number().int().min(0).max(65535).default(4090),
    HOST: z.string().default('127.0.0.1'),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    LOCAL_MOMO_DATABASE_URL: z.string().url().default('postgres://postgres@127.0.0.1:5432/krom_local_momo'),
    /** Shared with the payments service's adapter (its Bearer token and the callbacks' signing key). */
    LOCAL_MOMO_SECRET: z.string().min(32, 'must be at least 32 characters'),
    /** Krom's mobile money callback URL (the BFF's); without it approvals settle but Krom hears only through its own checks. */
    LOCAL_MOMO_CALLBACK_URL: z.string().url().optional(),
  }),
);

const app = await openLocalGateway({
  databaseUrl: config.LOCAL_MOMO_DATABASE_URL,
  secret: config.LOCAL_MOMO_SECRET,
  callbackUrl: config.LOCAL_MOMO_CALLBACK_URL,
  logLevel: config.LOG_LEVEL,
});
await serveUntilSignalled(app, config.LOCAL_MOMO_PORT, config.HOST);
