import { jobsConfigShape, loadConfig, serviceConfigSchema } from '@krom/server-kit/config';
import { z } from 'zod';
import { completionGraceMinutes } from './jobs/sweeps.ts';

export const ridesConfigSchema = serviceConfigSchema.extend({
  PORT: z.coerce.number().int().min(0).max(65535).default(4002),
  DATABASE_URL: z.string().url().default('postgres://postgres@127.0.0.1:5432/krom_rides'),
  /**
   * What a kilometre of driving costs in fuel, in cedis: the price guide's basis and so the cap on
   * a seat's price (one passenger paying the whole trip's fuel). Follow the pump price.
   */
  FUEL_COST_PER_KM_GHS: z.coerce.number().positive().max(100).default(1.5),
  /** The lowest cap a ride's price per seat ever has, in cedis, however short the trip. */
  MIN_PRICE_CAP_GHS: z.coerce.number().min(0).max(10_000).default(10),
  /**
   * How long a search's answer is reused at most, in seconds, while nothing it depends on changes
   * (src/search/search-cache.ts); 0 runs every search's query.
   */
  SEARCH_CACHE_SECONDS: z.coerce.number().min(0).max(300).default(10),
  /** Redis for the scheduled jobs (src/jobs: request expiry, reminders, ride completion). */
  ...jobsConfigShape,
  /**
   * How often each sweep runs (its BullMQ job scheduler), in seconds. 0 declares no scheduler (the
   * worker still runs what is queued): tests that move the clock themselves run the sweeps directly.
   */
  SWEEP_INTERVAL_SECONDS: z.coerce.number().int().min(0).max(3600).default(60),
  /**
   * How long after a ride's planned end (departure + duration) the completion sweep completes it,
   * in minutes: time for a late arrival. The product's is `completionGraceHours` (2 hours); only a
   * system run for end-to-end tests sets it short, so a trip completes while the test watches.
   */
  RIDE_COMPLETION_GRACE_MINUTES: z.coerce.number().int().min(0).max(7 * 24 * 60).default(completionGraceMinutes),
});
export type RidesConfig = z.infer<typeof ridesConfigSchema>;

export const readRidesConfig = (env: NodeJS.ProcessEnv = process.env) => loadConfig(ridesConfigSchema, env);
