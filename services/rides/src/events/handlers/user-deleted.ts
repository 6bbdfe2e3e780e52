import type { EventEnvelope } from '@krom/contracts/envelope';
import { userDeleted } from '@krom/contracts/events/identity';
import type { Logger } from '@krom/server-kit/logger';
import { handleOnce } from '@krom/server-kit/outbox';
import { contextFromTraceparent, SpanKind, withSpan } from '@krom/server-kit/telemetry';
import type { z } from 'zod';
import type { RidesDb } from '../../db/rides-db.ts';
import { forgetPaymentMethodsOf } from '../../payment-methods/user-payment-methods.ts';
import { cancelRideRequestsOf } from '../../ride-requests/passenger-ride-requests.ts';
import { cancelFutureRidesOf } from '../../driver/driver-rides.ts';
import { forgetVehiclesOf } from '../../vehicles/driver-vehicles.ts';
import { forgetPlateDisputesOf } from '../../vehicles/plate-disputes.ts';

type UserDeleted = z.infer<typeof userDeleted.schema>;

/**
 * krom.identity.user.deleted.v1 → the user's saved mobile money numbers are deleted, their
 * vehicles marked deleted (plates freed; rides they made still show them), their rides still
 * to depart (each with its ride.changed) and their open ride requests cancelled, the plate
 * disputes they filed deleted, once per event id. Payments stay: they are financial records of both
 * parties and hold only user ids. Past rides stay too, for their passengers' history.
 */
export function handleUserDeleted(db: RidesDb, logger: Logger): (envelope: EventEnvelope<UserDeleted>) => Promise<void> {
  return (envelope) =>
    withSpan(
      `handle ${userDeleted.subject}`,
      async () => {
        const removed = { paymentMethods: 0, vehicles: 0, cancelledRides: 0, cancelledRequests: 0, plateDisputes: 0 };
        const firstTime = await handleOnce(db, envelope, async (tx) => {
          removed.paymentMethods = await forgetPaymentMethodsOf(tx, envelope.data.userId);
          removed.vehicles = await forgetVehiclesOf(tx, envelope.data.userId);
          removed.cancelledRides = await cancelFutureRidesOf(tx, envelope.data.userId);
          removed.cancelledRequests = await cancelRideRequestsOf(tx, envelope.data.userId);
          removed.plateDisputes = await forgetPlateDisputesOf(tx, envelope.data.userId);
        });
        if (firstTime) {
          logger.info(
            {
              eventId: envelope.id,
              removedPaymentMethods: removed.paymentMethods,
              removedVehicles: removed.vehicles,
              cancelledRides: removed.cancelledRides,
              cancelledRideRequests: removed.cancelledRequests,
              removedPlateDisputes: removed.plateDisputes,
            },
            'deleted account: payment methods and vehicles removed, future rides and ride requests cancelled',
          );
        }
      },
      {
        parent: contextFromTraceparent(envelope.traceparent),
        kind: SpanKind.CONSUMER,
        attributes: { 'messaging.system': 'nats', 'messaging.message.id': envelope.id },
      },
    );
}
