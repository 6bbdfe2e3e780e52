import { type RidePosted, ridePosted } from '@krom/contracts/events/rides';
import { type EventRule, envelopeReader, once } from '@krom/server-kit/consumer';
import type { NotificationsDb } from '../../db/notifications-db.ts';
import { createNotification, type NewNotification } from '../../notifications/create-notification.ts';
import { rideDateText, rideLink, twelveHourTime } from '../../notifications/ride-wording.ts';
import { findKnownUser } from '../../users/known-users.ts';

/** Reads a raw ride.posted envelope as this service understands it (also what its message pact checks). */
export const readRidePosted = envelopeReader(ridePosted);

const placeName = (point: RidePosted['from']) => point.city?.trim() || point.location;

type Notice = Pick<NewNotification, 'type' | 'title' | 'message' | 'data' | 'actionRequired'>;

/** The driver's confirmation under the bell that the ride they posted is live. */
export function ridePostedNotice(ride: Pick<RidePosted, 'rideId' | 'from' | 'to' | 'departureDate' | 'departureTime'>): Notice {
  return {
    type: 'system',
    title: 'Ride posted',
    message: `Your ride from ${placeName(ride.from)} to ${placeName(ride.to)} on ${rideDateText(ride.departureDate)} at ${twelveHourTime(ride.departureTime)} is live.`,
    actionRequired: false,
    data: { rideId: ride.rideId, link: rideLink(ride.rideId) },
  };
}

/**
 * krom.rides.ride.posted.v1 → an in-app notification to the driver (which reaches their open
 * streams on commit), once per event. No SMS or e-mail: the driver has just posted the ride and
 * is looking at the screen that says so. A deleted account gets nothing.
 */
export function handleRidePosted(db: NotificationsDb): EventRule<RidePosted> {
  return once(db, {
    inTransaction: async (tx, envelope) => {
      const { driverId } = envelope.data;
      const known = await findKnownUser(tx, driverId);
      if (known?.deletedAt) return;
      await createNotification(tx, { userId: driverId, ...ridePostedNotice(envelope.data), sourceEventId: envelope.id });
    },
  });
}
