import type { userDeleted } from '@krom/contracts/events/identity';
import { type EventRule, once } from '@krom/server-kit/consumer';
import type { Logger } from '@krom/server-kit/logger';
import type { z } from 'zod';
import type { RidesDb } from '../../db/rides-db.ts';
import { forgetVehiclesOf } from '../../vehicles/driver-vehicles.ts';
import { forgetPlateDisputesOf } from '../../vehicles/plate-disputes.ts';
import { forgetTripSharesOf } from '../../trip-shares/trip-shares.ts';
import { endTripsToCome } from './member-trips.ts';

type UserDeleted = z.infer<typeof userDeleted.schema>;

/**
 * krom.identity.user.deleted.v1 → the user's vehicles are marked deleted (plates freed; rides
 * they made still show them), their rides still to depart (each with its ride.changed), their open ride requests and their bookings on rides
 * to come cancelled (seats back, booking.<fact> with actor system), the plate
 * disputes they filed deleted, their shared-trip links ended and the emergency contacts copied
 * onto them forgotten, once per event id. Payments stay: they are financial records of both
 * parties and hold only user ids. Past rides stay too, for their passengers' history.
 */
export function handleUserDeleted(db: RidesDb, logger: Logger): EventRule<UserDeleted> {
  return once(db, {
    inTransaction: async (tx, { data: { userId } }) => ({
      removedVehicles: await forgetVehiclesOf(tx, userId),
      ...(await endTripsToCome(tx, userId, { reason: 'account deleted', refund: 'policy' })),
      removedPlateDisputes: await forgetPlateDisputesOf(tx, userId),
      endedTripShares: await forgetTripSharesOf(tx, userId),
    }),
    afterCommit: async (envelope, result) => {
      if (!result.first) return;
      logger.info({ eventId: envelope.id, ...result.value }, 'deleted account: vehicles removed, future rides and ride requests cancelled');
    },
  });
}
