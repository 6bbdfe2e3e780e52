import { baseConfigSchema, loadConfig } from '@krom/server-kit/config';
import { z } from 'zod';

const serviceUrl = (port: number) => z.string().url().default(`http://127.0.0.1:${port}`);
const seconds = (fallback: number) => z.coerce.number().int().positive().default(fallback);

export const bffConfigSchema = baseConfigSchema.extend({
  PORT: z.coerce.number().int().min(0).max(65535).default(4000),
  /** Encrypts the session cookie (a key is derived from it); at least 32 characters. */
  SESSION_SECRET: z.string().min(32, 'must be at least 32 characters'),
  REDIS_URL: z.string().default('redis://127.0.0.1:6379'),
  /** Namespaces the BFF's Redis keys (sessions, rate limits); tests isolate with it. */
  REDIS_PREFIX: z.string().default('krom:bff:'),
  IDENTITY_URL: serviceUrl(4001),
  RIDES_URL: serviceUrl(4002),
  NOTIFICATIONS_URL: serviceUrl(4003),
  ADMIN_URL: serviceUrl(4004),
  /** The payments service (saved mobile money numbers, and issue 22's payments). */
  PAYMENTS_URL: serviceUrl(4005),
  /**
   * Identity's account events drop the current-user copies each replica keeps (see
   * current-user-cache.ts). Without NATS_URL nothing is cached: every read asks identity.
   */
  NATS_URL: z.string().optional(),
  /** The bus prefix the services publish under (isolated runs). */
  BUS_PREFIX: z
    .string()
    .regex(/^[a-z0-9_]*$/, 'only lower-case letters, digits and _')
    .default(''),
  /** The longest a current-user copy is served, should an event never come; 0 turns the cache off. */
  CURRENT_USER_CACHE_SECONDS: z.coerce.number().int().min(0).max(300).default(30),
  /**
   * How long a guest's search answer (GET /api/rides, the same for every guest) is reused for
   * other guests asking the very same thing, in seconds; 0 sends every search on to rides.
   * Signed-in users always get rides' answer of the moment.
   */
  GUEST_SEARCH_CACHE_SECONDS: z.coerce.number().min(0).max(60).default(1),
  /** The one origin the app and /api are served from; state-changing calls must come from it. */
  PUBLIC_ORIGIN: z.string().url().default('http://localhost:8080'),
  /** Which proxies may set X-Forwarded-For (the web server in front of the BFF). */
  TRUST_PROXY: z.string().default('loopback'),
  /** Requests per minute per client on public state-changing calls (sign-ups, sign-ins). */
  RATE_LIMIT_PUBLIC_PER_MINUTE: z.coerce.number().int().positive().default(10),
  /** Requests per minute per visitor (signed-in session, else client address) to /api/places: the picker asks once per keystroke. */
  RATE_LIMIT_PLACES_PER_MINUTE: z.coerce.number().int().positive().default(120),
  /** Requests per minute per visitor to the rides guests may browse: search, a ride's details, a driver's profile. */
  RATE_LIMIT_BROWSE_PER_MINUTE: z.coerce.number().int().positive().default(120),
  /**
   * Rides one member may post in a day. A driver posts a handful (a week of return trips planned
   * at one sitting is ten); a script posting thirty in twenty seconds is stopped at ten.
   */
  RATE_LIMIT_RIDE_POSTS_PER_DAY: z.coerce.number().int().positive().default(10),
  /** Ride requests one member may file in a day, and as many cancellations: a passenger asks for a few trips, not a loop of hundreds. */
  RATE_LIMIT_RIDE_REQUESTS_PER_DAY: z.coerce.number().int().positive().default(20),
  RATE_LIMIT_BOOKINGS_PER_HOUR: z.coerce.number().int().positive().default(30),
  /** Vehicles one member may add in a day: most own one or two. */
  RATE_LIMIT_VEHICLES_PER_DAY: z.coerce.number().int().positive().default(5),
  /**
   * Each other write of one member per hour, per kind (editing or cancelling a ride, a vehicle's
   * changes, profile, settings, payment methods, photos, verification, marking notifications read):
   * far above what a person does, low enough that no script floods a service.
   */
  RATE_LIMIT_MEMBER_WRITES_PER_HOUR: z.coerce.number().int().positive().default(100),
  /** Data downloads per member per hour (GET /api/user/data-export). */
  RATE_LIMIT_DATA_EXPORTS_PER_HOUR: z.coerce.number().int().positive().default(5),
  /**
   * Google Maps (Places, Directions) for /api/places, kept on the server; unset or empty, the
   * built-in gazetteer of Ghana answers (packages/server-kit/data/README.md).
   */
  GOOGLE_MAPS_API_KEY: z
    .string()
    .trim()
    .optional()
    .transform((key) => key || undefined),
  /** Google's web-service origin: a proxy in front of it, or a test's stand-in. */
  GOOGLE_MAPS_API_URL: z.string().url().default('https://maps.googleapis.com'),
  /** How long a Google call may take before it counts as failed (the picker then shows nothing; a route falls back to the estimate). */
  GOOGLE_MAPS_TIMEOUT_MS: z.coerce.number().int().positive().max(30_000).default(5000),
  ADMIN_SESSION_IDLE_SECONDS: seconds(30 * 60),
  ADMIN_SESSION_ABSOLUTE_SECONDS: seconds(12 * 60 * 60),
  USER_SESSION_IDLE_SECONDS: seconds(7 * 24 * 60 * 60),
  USER_SESSION_ABSOLUTE_SECONDS: seconds(30 * 24 * 60 * 60),
});
export type BffConfig = z.infer<typeof bffConfigSchema>;

export const readBffConfig = (env: NodeJS.ProcessEnv = process.env) => loadConfig(bffConfigSchema, env);

/** Cookies are Secure (and __Host- prefixed) exactly when the public origin is HTTPS. */
export const servedOverHttps = (config: BffConfig) => new URL(config.PUBLIC_ORIGIN).protocol === 'https:';
