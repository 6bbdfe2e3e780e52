import { isAbsolute, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { jobsConfigShape, loadConfig, serviceConfigSchema } from '@krom/server-kit/config';
import { z } from 'zod';

/** The monorepo root (services/notifications/src → ../../..), so the dev outbox lands in one place whatever the cwd. */
export const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));

// docker-compose passes unset variables as empty strings; those mean "not set".
const optional = <T extends z.ZodTypeAny>(schema: T) =>
  z.preprocess((value) => (value === '' ? undefined : value), schema.optional());

const twilioVariables = ['TWILIO_ACCOUNT_SID', 'TWILIO_AUTH_TOKEN', 'TWILIO_FROM_NUMBER'] as const;

export const notificationsConfigSchema = serviceConfigSchema
  .extend({
    PORT: z.coerce.number().int().min(0).max(65535).default(4003),
    DATABASE_URL: z.string().url().default('postgres://postgres@127.0.0.1:5432/krom_notifications'),
    ...jobsConfigShape,
    TWILIO_ACCOUNT_SID: optional(z.string().regex(/^AC\w+$/, 'must start with AC')),
    TWILIO_AUTH_TOKEN: optional(z.string()),
    TWILIO_FROM_NUMBER: optional(z.string().regex(/^\+\d{6,15}$/, 'must be an E.164 number such as +15005550006')),
    /** Where the Twilio client sends its requests instead of https://api.twilio.com (tests, proxies). */
    TWILIO_API_BASE_URL: optional(z.string().url()),
    /**
     * The public URL of the BFF's SMS status callback (…/api/callbacks/twilio/sms-status): Twilio,
     * or the local provider, posts each message's delivery report there. Unset: no reports asked for.
     */
    SMS_STATUS_CALLBACK_URL: optional(z.string().url()),
    /** Signs the local provider's delivery reports; derived from INTERNAL_AUTH_SECRET when unset, so every replica agrees. */
    LOCAL_SMS_CALLBACK_TOKEN: optional(z.string().min(16)),
    /**
     * The secret token in the inbound SMS callback URL given to Hubtel's two-way SMS campaign
     * (…/api/callbacks/hubtel/sms-inbound?token=…): Hubtel signs nothing. Unset: Hubtel's texts are refused (404).
     */
    HUBTEL_SMS_CALLBACK_TOKEN: optional(z.string().min(24, 'must be at least 24 characters')),
    /**
     * Shared with the local SMS phone (its signing key); derived from INTERNAL_AUTH_SECRET when unset.
     * The local phone's texts are taken only while the local outbound provider is in use (no Twilio).
     */
    LOCAL_SMS_PHONE_SECRET: optional(z.string().min(32, 'must be at least 32 characters')),
    /** The secret token in the USSD callback URL given to Africa's Talking (…/api/callbacks/africastalking/ussd?token=…). Unset: refused (404). */
    USSD_AFRICASTALKING_TOKEN: optional(z.string().min(24, 'must be at least 24 characters')),
    /** The secret token in the USSD callback URL given to Hubtel's programmable services (…/api/callbacks/hubtel/ussd?token=…). Unset: refused (404). */
    USSD_HUBTEL_TOKEN: optional(z.string().min(24, 'must be at least 24 characters')),
    /** How long a USSD step waits for rides' answer before showing "Searching..." (well inside the gateways' timeouts). */
    USSD_ANSWER_WAIT_MS: z.coerce.number().int().min(0).max(5000).default(4000),
    /** Texts one number may send Krom in an hour; past it one "too many" reply, then silence until the hour has passed. */
    SMS_INBOUND_PER_NUMBER_HOURLY: z.coerce.number().int().min(1).max(1000).default(10),
    /** The local provider's outbox; a relative path is taken from the repository root. */
    LOCAL_OUTBOX_DIR: z
      .string()
      .min(1)
      .default('var/outbox')
      .transform((dir) => (isAbsolute(dir) ? dir : resolve(repoRoot, dir))),
    /** The origin members reach the app at (the BFF's PUBLIC_ORIGIN): the links texted in an SMS (the review reminder's, a shared trip's) start with it. */
    PUBLIC_ORIGIN: z
      .string()
      .url()
      .default('http://localhost:8080')
      .transform((origin) => origin.replace(/\/+$/, '')),
    /** Total tries per SMS, the first included. */
    SMS_RETRY_ATTEMPTS: z.coerce.number().int().min(1).max(20).default(5),
    /** First retry delay; each further retry waits twice as long. */
    SMS_RETRY_BACKOFF_MS: z.coerce.number().int().min(1).max(600_000).default(2000),
    /** SMTP server for e-mail (smtp:// or smtps://, credentials in the URL); unset means the local outbox. */
    SMTP_URL: optional(
      z
        .string()
        .url()
        .refine((url) => /^smtps?:$/.test(new URL(url).protocol), 'must be an smtp:// or smtps:// URL'),
    ),
    /** Sender of every e-mail, such as "Krom <no-reply@krom.example>"; required with SMTP_URL. */
    EMAIL_FROM: optional(z.string().regex(/@/, 'must name an e-mail address')),
    /** Total tries per e-mail, the first included. */
    EMAIL_RETRY_ATTEMPTS: z.coerce.number().int().min(1).max(20).default(5),
    /** First e-mail retry delay; each further retry waits twice as long. */
    EMAIL_RETRY_BACKOFF_MS: z.coerce.number().int().min(1).max(600_000).default(2000),
    /** How long after one code another may be asked for (the screen's 02:30). */
    PHONE_CODE_RESEND_SECONDS: z.coerce.number().int().min(0).max(3600).default(150),
    /** Codes per hour for one recipient (a phone number at sign-up, an account at recovery), and per phone number or e-mail address whatever the purpose. */
    PHONE_CODE_HOURLY_CAP_PER_SUBJECT: z.coerce.number().int().min(1).max(1000).default(5),
    /** Codes per day for one recipient and for one phone number or e-mail address: bounds code guessing per day as the hourly cap does per hour. */
    PHONE_CODE_DAILY_CAP_PER_SUBJECT: z.coerce.number().int().min(1).max(10_000).default(10),
    /**
     * Messages other than one-time codes (welcome, notices) one phone number may be sent per hour
     * and per day; more are recorded as suppressed, not sent. Codes have their own budget (the
     * PHONE_CODE_* caps), so notices can never use up what a sign-in or a password reset needs.
     */
    SMS_CAP_PER_NUMBER_HOURLY: z.coerce.number().int().min(1).max(10_000).default(8),
    SMS_CAP_PER_NUMBER_DAILY: z.coerce.number().int().min(1).max(100_000).default(20),
    /** The same for one e-mail address. */
    EMAIL_CAP_PER_ADDRESS_HOURLY: z.coerce.number().int().min(1).max(10_000).default(8),
    EMAIL_CAP_PER_ADDRESS_DAILY: z.coerce.number().int().min(1).max(100_000).default(20),
    /**
     * Ride-match notices (in the app, and by SMS and e-mail) one passenger gets about one driver's
     * rides in 24 hours: a driver posting the same trip many times is news once or twice, not forty
     * times, and the request's page still lists every ride it matched.
     */
    MATCH_NOTICES_PER_DRIVER_DAILY: z.coerce.number().int().min(1).max(1000).default(3),
    /**
     * Ride-match notices one passenger gets in 24 hours from all drivers together: enough for a
     * few open requests on a busy route, few enough that nobody can flood a member by posting rides.
     */
    MATCH_NOTICES_PER_MEMBER_DAILY: z.coerce.number().int().min(1).max(10_000).default(10),
    /** Codes per hour for one client address, whoever they are for. */
    PHONE_CODE_HOURLY_CAP_PER_CLIENT: z.coerce.number().int().min(1).max(100_000).default(20),
    /** A comment line this often keeps proxies from closing a quiet notification stream. */
    NOTIFICATION_STREAM_HEARTBEAT_SECONDS: z.coerce.number().int().min(1).max(300).default(25),
    /** Open notification streams one user may hold across every replica (tabs, devices); a new one closes the oldest. */
    NOTIFICATION_STREAMS_PER_USER: z.coerce.number().int().min(1).max(100).default(5),
    /** How often pending SMS and e-mail are queued again, for those whose job never reached Redis. */
    PENDING_MESSAGE_SWEEP_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
    /**
     * A worker's claim on a message older than this is taken for a dead worker's and settled; a
     * younger one is left to its worker. Above the providers' timeouts (Twilio 15 s, SMTP 30 s).
     */
    MESSAGE_CLAIM_LEASE_SECONDS: z.coerce.number().int().min(1).max(3600).default(120),
  })
  .superRefine((config, ctx) => {
    // Half a Twilio setup is a mistake, not a request for the local provider.
    const present = twilioVariables.filter((name) => config[name] !== undefined);
    if (present.length > 0 && present.length < twilioVariables.length) {
      for (const name of twilioVariables.filter((n) => config[n] === undefined)) {
        ctx.addIssue({ code: 'custom', path: [name], message: `required when ${present.join(', ')} is set` });
      }
    }
    // Without a sender an SMTP server refuses every message; better to stop at start.
    if (config.SMTP_URL && !config.EMAIL_FROM) {
      ctx.addIssue({ code: 'custom', path: ['EMAIL_FROM'], message: 'required when SMTP_URL is set' });
    }
  });
export type NotificationsConfig = z.infer<typeof notificationsConfigSchema>;

export const readNotificationsConfig = (env: NodeJS.ProcessEnv = process.env) =>
  loadConfig(notificationsConfigSchema, env);
