import { jobsConfigShape, loadConfig, serviceConfigSchema } from '@krom/server-kit/config';
import { z } from 'zod';
import { payoutDelayHours } from './payouts/payout-transitions.ts';

const optionalText = z.preprocess((value) => (value === '' ? undefined : value), z.string().optional());

export const paymentsConfigSchema = serviceConfigSchema.extend({
  ...jobsConfigShape,
  PORT: z.coerce.number().int().min(0).max(65535).default(4005),
  DATABASE_URL: z.string().url().default('postgres://postgres@127.0.0.1:5432/krom_payments'),
  /** Paystack's secret key: set, mobile money goes through Paystack; unset, through the local gateway. */
  PAYSTACK_SECRET_KEY: optionalText,
  /** Paystack's API elsewhere than https://api.paystack.co (a stand-in, a proxy). */
  PAYSTACK_API_BASE_URL: z.preprocess((value) => (value === '' ? undefined : value), z.string().url().optional()),
  /** The local mobile money gateway (services/payments/src/providers/mobile-money/local-gateway), used when Paystack's key is not set. */
  LOCAL_MOMO_URL: z.preprocess((value) => (value === '' ? undefined : value), z.string().url().optional()),
  /** The secret the local gateway was started with: the adapter's Bearer token and the callbacks' HMAC key. */
  LOCAL_MOMO_SECRET: optionalText,
  /** How often the payments sweep runs (lost callbacks, lapsed holds); 0 schedules none (tests run it with their clock). */
  SWEEP_INTERVAL_SECONDS: z.coerce.number().int().min(0).max(3600).default(60),
  /**
   * The disputes window, in seconds: a payout is due this long after the entry that made the
   * booking's money the driver's. The product's is `payoutDelayHours` (24 hours); only a system
   * run for end-to-end tests sets it short, so a trip's payout arrives while the test watches.
   */
  PAYOUT_DELAY_SECONDS: z.coerce.number().int().min(0).max(30 * 86_400).default(payoutDelayHours * 3600),
});
export type PaymentsConfig = z.infer<typeof paymentsConfigSchema>;

export const readPaymentsConfig = (env: NodeJS.ProcessEnv = process.env) => loadConfig(paymentsConfigSchema, env);
