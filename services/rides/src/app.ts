import { createHttpApp } from '@krom/server-kit/http-app';
import { internalAuth } from '@krom/server-kit/internal-auth';
import type { FastifyInstance } from 'fastify';
import type { RidesDb } from './db/rides-db.ts';
import type { Pricing } from './posting/price-cap.ts';
import { searchAnswers } from './search/search-cache.ts';
import { bookingRoutes } from './routes/bookings.ts';
import { memberBlockRoutes } from './routes/member-blocks.ts';
import { messageRoutes } from './routes/messages.ts';
import { rideRequestRoutes } from './routes/ride-requests.ts';
import { dataExportRoutes } from './routes/data-export.ts';
import { reviewRoutes } from './routes/reviews.ts';
import { rideRoutes } from './routes/rides.ts';
import { staffBookingRoutes } from './routes/staff-bookings.ts';
import { staffMemberRoutes } from './routes/staff-members.ts';
import { staffRideRoutes } from './routes/staff-rides.ts';
import { tripShareRoutes } from './routes/trip-shares.ts';
import { vehicleRoutes } from './routes/vehicles.ts';
import { tripLinkKey } from './trip-shares/trip-link-token.ts';

export type RidesAppDeps = {
  db: RidesDb;
  internalSecret: string;
  /** The price guide's fuel cost and minimum cap (FUEL_COST_PER_KM_GHS, MIN_PRICE_CAP_GHS), and the places the cap's distance is taken from. */
  pricing: Pricing;
  /** How long a search's answer is reused at most while its data is unchanged (SEARCH_CACHE_SECONDS); 0 for never. */
  searchCacheMs?: number;
  /** The time reviews are written, published and answered at, trip links and phone numbers' window (the contact, the driver profile's Call) are judged by (tests give their own); now by default. */
  clock?: () => Date;
  /** How long after a ride's planned end it is completed, in minutes (RIDE_COMPLETION_GRACE_MINUTES); the sweeps' default unless given. */
  completionGraceMinutes?: number;
  logLevel?: string;
  checks?: Record<string, () => Promise<void>>;
};

/**
 * The rides service as a Fastify app: internal auth, then routes. Tests call it with inject.
 * Events (ride.posted) go to the outbox table in the same database and transaction as the
 * change; the relay opened with the service publishes them, so the routes need only the database.
 */
export async function buildRidesApp(deps: RidesAppDeps): Promise<FastifyInstance> {
  const app = createHttpApp({ service: 'rides', logLevel: deps.logLevel ?? 'info', checks: deps.checks });
  await app.register(internalAuth, { secret: deps.internalSecret, audience: 'rides' });
  await app.register(vehicleRoutes, { db: deps.db });
  await app.register(rideRequestRoutes, { db: deps.db });
  const answers = searchAnswers(deps.db, { ttlMs: deps.searchCacheMs ?? 10_000 });
  const clock = deps.clock ?? (() => new Date());
  await app.register(rideRoutes, { db: deps.db, pricing: deps.pricing, answers, completionGraceMinutes: deps.completionGraceMinutes, clock });
  await app.register(bookingRoutes, { db: deps.db, clock });
  await app.register(staffBookingRoutes, { db: deps.db });
  await app.register(staffMemberRoutes, { db: deps.db });
  await app.register(staffRideRoutes, { db: deps.db });
  await app.register(memberBlockRoutes, { db: deps.db });
  await app.register(messageRoutes, { db: deps.db, clock });
  await app.register(reviewRoutes, { db: deps.db, clock });
  await app.register(dataExportRoutes, { db: deps.db });
  await app.register(tripShareRoutes, { db: deps.db, key: tripLinkKey(deps.internalSecret), clock });
  return app;
}
