import { type RideChanged, rideChanged } from '@krom/contracts/events/rides';
import type { EventRule } from '@krom/server-kit/consumer';
import type { Logger } from '@krom/server-kit/logger';
import type { RidesDb } from '../../db/rides-db.ts';
import { matchingRideOf } from './ride-posted.ts';

/**
 * krom.rides.ride.changed.v1 (this service's own event) → the ride is matched again: a request it
 * now suits (a lower price, more seats, another day) is told of it once, by ride_request.matched,
 * as if it had been posted so; one already told is not told again. A cancelled ride matches nothing.
 */
export const handleRideChanged = (db: RidesDb, logger: Logger): EventRule<RideChanged> =>
  matchingRideOf(rideChanged.subject, db, logger);
