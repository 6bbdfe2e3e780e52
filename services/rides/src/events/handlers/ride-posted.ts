import { type RidePosted, ridePosted } from '@krom/contracts/events/rides';
import { PermanentEventError } from '@krom/server-kit/bus';
import type { EventRule } from '@krom/server-kit/consumer';
import { isDataException } from '@krom/server-kit/db';
import type { Logger } from '@krom/server-kit/logger';
import type { RidesDb } from '../../db/rides-db.ts';
import { matchRideRequests } from '../../ride-requests/match-ride-requests.ts';

/**
 * An event naming a ride (`rideId`) → the open ride requests the ride matches are told of it
 * (match-ride-requests.ts). Idempotent without handled-event bookkeeping, as a request is told of
 * a ride once (its match row is unique), so a redelivery tells nobody again. A ride the database
 * refuses to match on its data is terminated at once (PermanentEventError), not retried for the
 * next 20 minutes.
 */
export function matchingRideOf<T extends { rideId: string }>(subject: string, db: RidesDb, logger: Logger): EventRule<T> {
  return async (envelope) => {
    let told: string[];
    try {
      told = await matchRideRequests(db, envelope.data.rideId);
    } catch (error) {
      // A ride whose data PostgreSQL refuses (a date out of its range) fails the same way on every delivery.
      if (isDataException(error)) throw new PermanentEventError(`ride ${envelope.data.rideId} cannot be matched: ${(error as Error).message}`, { cause: error });
      throw error;
    }
    if (told.length > 0) logger.info({ eventId: envelope.id, subject, rideId: envelope.data.rideId, requests: told.length }, 'ride matched ride requests');
  };
}

/**
 * krom.rides.ride.posted.v1 (this service's own event) → the ride is matched against the open
 * ride requests, apart from the posting, so posting stays as fast as it was.
 */
export const handleRidePosted = (db: RidesDb, logger: Logger): EventRule<RidePosted> =>
  matchingRideOf(ridePosted.subject, db, logger);
