import { isAbsolute, resolve } from 'node:path';
import { loadConfig } from '@krom/server-kit/config';
import { serveUntilSignalled } from '@krom/server-kit/http-app';
import { z } from 'zod';
import { repoRoot } from '../../../config.ts';
import { buildLocalPhone } from './phone-app.ts';

/*
 * `tsx src/providers/sms/local-phone/server.ts`: the local SMS phone on its own port, outside Krom
 * as a real phone network is. `npm start` runs it when no SMS provider is set; its page is at
 * http://localhost:4091/sms.
 */
const config = loadConfig(
  z.object({
    LOCAL_SMS_PHONE_PORT: z.coerce.number().int().min(0).max(65535).default(4091),
    HOST: z.string().default('127.0.0.1'),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    /** Shared with notifications (its LOCAL_SMS_PHONE_SECRET). */
    LOCAL_SMS_PHONE_SECRET: z.string().min(32, 'must be at least 32 characters'),
    /** Krom's inbound callback for this phone (the BFF's …/api/callbacks/local/sms-inbound). */
    LOCAL_SMS_INBOUND_URL: z.string().url(),
    /** The local SMS provider's outbox, where Krom's replies are (notifications' LOCAL_OUTBOX_DIR). */
    LOCAL_OUTBOX_DIR: z
      .string()
      .min(1)
      .default('var/outbox')
      .transform((dir) => (isAbsolute(dir) ? dir : resolve(repoRoot, dir))),
  }),
);

const app = buildLocalPhone({ secret: config.LOCAL_SMS_PHONE_SECRET, inboundUrl: config.LOCAL_SMS_INBOUND_URL, outboxDir: config.LOCAL_OUTBOX_DIR, logLevel: config.LOG_LEVEL });
await serveUntilSignalled(app, config.LOCAL_SMS_PHONE_PORT, config.HOST);
