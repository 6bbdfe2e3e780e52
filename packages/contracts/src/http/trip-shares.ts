import { z } from 'zod';
import { isoDateTime } from './fields.ts';

/*
 * A shared trip (issue 23): a passenger with a confirmed or boarded seat makes a link that shows
 * anyone who holds it where the ride goes, when, with whom and in which car, until the ride's
 * expected arrival plus `tripShareHoursAfterArrival`, or until the passenger ends it.
 */

/** How long a trip link outlives the ride's expected arrival. */
export const tripShareHoursAfterArrival = 2;

/** A trip link's address on the site: `/trip/<token>`. */
export const tripLinkPath = (token: string) => `/trip/${token}`;

/** The token in a trip link: 32 random-looking bytes as base64url (256 bits). */
export const tripTokenPattern = /^[\w-]{43}$/;

export const tripShareMessages = {
  notShareable: 'Only a confirmed booking can be shared.',
  ended: 'This trip link has ended.',
  notFound: 'Trip link not found.',
  noEmergencyContact: 'Add an emergency contact to your profile first.',
  noShare: 'This trip is not shared.',
} as const;

/** The emergency contact the link is texted to, as the passenger's profile holds it. */
export const emergencyContactSchema = z.object({ name: z.string().min(1).max(100), phone: z.string().min(1).max(20) });
export type EmergencyContact = z.infer<typeof emergencyContactSchema>;

/** What the passenger asks of a share: whether their emergency contact is texted the link at departure. */
export const tripShareInputSchema = z.object({ textContactAtDeparture: z.boolean().default(false) });

/** The service's input: the choice, with the contact the BFF read from the passenger's profile (null when none is saved). */
export const serviceTripShareInputSchema = tripShareInputSchema.extend({ contact: emergencyContactSchema.nullable() });

/** The passenger's own share of a booking. */
export const tripShareSchema = z.object({
  bookingId: z.string().uuid(),
  /** The link's path on the site (`/trip/<token>`), the same for as long as the share lasts. */
  link: z.string(),
  expiresAt: isoDateTime,
  textContactAtDeparture: z.boolean(),
  /** When the emergency contact was texted the link (at departure or from the emergency screen); null before. */
  contactTextedAt: isoDateTime.nullable(),
});
export type TripShare = z.infer<typeof tripShareSchema>;

/** Texting the emergency contact from the emergency screen: who was texted. */
export const tripContactTextedSchema = z.object({ share: tripShareSchema, contactName: z.string() });

/** Whether the driver has started: not yet, on the way (the passenger boarded or the ride left), or arrived (completed). */
export const tripProgresses = ['not_started', 'on_the_way', 'arrived'] as const;
export type TripProgress = (typeof tripProgresses)[number];

/** What a trip link shows anyone who holds it: nothing of the passenger, the driver's first name only. */
export const sharedTripSchema = z.object({
  fromLocation: z.string(),
  toLocation: z.string(),
  /** The places in route order: departure, stops, destination. */
  places: z.array(z.string()),
  departureAt: isoDateTime,
  departureDate: z.string(),
  departureTime: z.string(),
  expectedArrivalAt: isoDateTime,
  driverFirstName: z.string(),
  vehicle: z.object({ make: z.string(), model: z.string(), color: z.string(), licensePlate: z.string() }),
  progress: z.enum(tripProgresses),
  expiresAt: isoDateTime,
});
export type SharedTrip = z.infer<typeof sharedTripSchema>;

export const tripTokenParams = z.object({ token: z.string().describe('The token of a trip link') });
