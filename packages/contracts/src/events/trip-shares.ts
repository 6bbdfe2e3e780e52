import { z } from 'zod';
import { defineEvent } from '../envelope.ts';

/**
 * The passenger's emergency contact is to be texted their trip link: at departure (when they chose
 * it on sharing) or at once from the emergency screen. Notifications sends the SMS, a first line
 * saying who sent it and why. It carries the link: a view of one trip that ends a few hours after
 * arrival, which the SMS itself carries in clear anyway (see services/rides/README.md).
 */
export const tripSharedWithContact = defineEvent(
  'krom.rides.trip.shared_with_contact.v1',
  z.object({
    shareId: z.string().uuid(),
    bookingId: z.string().uuid(),
    passengerId: z.string().uuid(),
    /** The passenger's name as booked: who the contact is told is sharing. */
    passengerName: z.string(),
    contactName: z.string(),
    contactPhone: z.string(),
    /** The link's path on the site (`/trip/<token>`); notifications puts the site's address before it. */
    link: z.string(),
    fromLocation: z.string(),
    toLocation: z.string(),
    departureAt: z.string().datetime({ offset: true }),
    /** Why it is sent: the ride leaving, or the passenger pressing the emergency button. */
    reason: z.enum(['departure', 'emergency']),
    occurredAt: z.string().datetime({ offset: true }),
  }),
);
export type TripSharedWithContact = z.infer<typeof tripSharedWithContact.schema>;
