import { type RidePosted, ridePosted } from '@krom/contracts/events/rides';
import { type EventEnvelope, eventEnvelopeSchema } from '@krom/contracts/envelope';
import { handleOnce } from '@krom/server-kit/outbox';
import type { NotificationsDb } from '../../db/notifications-db.ts';
import { createNotification, type NewNotification } from '../../notifications/create-notification.ts';
import { findKnownUser } from '../../users/known-users.ts';
import { inConsumerSpan } from '../consumer-span.ts';

const ridePostedEnvelope = eventEnvelopeSchema(ridePosted.schema);

/** Reads a raw ride.posted envelope as this service understands it (also what its message pact checks). */
export function readRidePosted(raw: unknown): EventEnvelope<RidePosted> {
  return ridePostedEnvelope.parse(raw);
}

const weekdays = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const;
const months = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;

/** `2025-11-28` → `Fri 28 Nov`: the calendar date the driver chose, whatever the server's zone. Anything else is shown as given. */
export function rideDateText(date: string): string {
  const day = /^\d{4}-\d{2}-\d{2}$/.test(date) ? new Date(`${date}T00:00:00Z`) : undefined;
  if (!day || Number.isNaN(day.getTime())) return date;
  return `${weekdays[day.getUTCDay()]} ${day.getUTCDate()} ${months[day.getUTCMonth()]}`;
}

/** `08:05` or `20:30:00` → `8:05 AM` / `8:30 PM`, as the wizard's time picker shows it. Anything else is shown as given. */
export function twelveHourTime(time: string): string {
  const match = /^([01]\d|2[0-3]):([0-5]\d)(:[0-5]\d)?$/.exec(time);
  if (!match) return time;
  const hours = Number(match[1]);
  return `${hours % 12 || 12}:${match[2]} ${hours < 12 ? 'AM' : 'PM'}`;
}

/** Where the driver's ride is shown: the ride's details screen. */
export const rideLink = (rideId: string) => `/ride-preview/${rideId}`;

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
 * streams on commit), once per event (handleOnce). No SMS or e-mail: the driver has just posted
 * the ride and is looking at the screen that says so. A deleted account gets nothing.
 */
export function handleRidePosted(db: NotificationsDb): (envelope: EventEnvelope<RidePosted>) => Promise<void> {
  return (envelope) =>
    inConsumerSpan(envelope, async () => {
      await handleOnce(db, envelope, async (tx) => {
        const { driverId } = envelope.data;
        const known = await findKnownUser(tx, driverId);
        if (known?.deletedAt) return;
        await createNotification(tx, { userId: driverId, ...ridePostedNotice(envelope.data), sourceEventId: envelope.id });
      });
    });
}
