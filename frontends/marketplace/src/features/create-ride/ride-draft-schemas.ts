import { bookingModes } from '@krom/contracts/http/booking-values';
import { placeDetailsSchema } from '@krom/contracts/http/places';
import { maxWizardStops } from '@krom/contracts/http/ride-values';
import { luggageSizes } from '@krom/contracts/http/ride-preference-values';
import { z } from 'zod';

/*
 * What a draft read back from sessionStorage must look like (ride-draft.ts). Kept apart, with zod,
 * so the wizard's first step shows without downloading either: this loads when there is a
 * draft to read, or as the first one is written.
 */

/** A chosen place as the picker returns it, plus the spec's `locality` (the district, kept under both names). */
const draftPlaceSchema = placeDetailsSchema.extend({ locality: z.string().optional() });
export type DraftPlace = z.infer<typeof draftPlaceSchema>;

/** Where passengers meet the driver at a place, in the driver's words (absent in a draft from before it existed). */
const meetingPoint = z.string().max(200).optional();
const stopSchema = z.object({ id: z.string(), location: z.string(), locationData: draftPlaceSchema.nullable(), meetingPoint });
export type DraftStop = z.infer<typeof stopSchema>;

const routeDraftSchema = z.object({
  departure: draftPlaceSchema.nullable(),
  /** The departure's meeting point: sent as the ride's pickup station. */
  meetingPoint,
  destination: draftPlaceSchema.nullable(),
  stops: z.array(stopSchema).max(maxWizardStops),
  description: z.string().max(500),
});
export type RouteDraft = z.infer<typeof routeDraftSchema>;

const dateTimeDraftSchema = z.object({ date: z.string(), time: z.string() });
export type DateTimeDraft = z.infer<typeof dateTimeDraftSchema>;

/** The chosen vehicle as the review shows it, so the last step needs no request of its own. */
const draftVehicleSchema = z.object({
  id: z.string(),
  year: z.number().int(),
  make: z.string(),
  model: z.string(),
  licensePlate: z.string(),
  seats: z.number().int(),
});
export type DraftVehicle = z.infer<typeof draftVehicleSchema>;

const seatsPriceDraftSchema = z.object({
  selectedVehicle: draftVehicleSchema.nullable(),
  availableSeats: z.string(),
  pricePerSeat: z.string(),
  /**
   * The prices the driver set for legs (`"1-2"` → cedis as typed), with the route's place names
   * they were set for: a route changed since (a stop added or removed) leaves them out.
   */
  legPrices: z.object({ places: z.array(z.string()), prices: z.record(z.string(), z.string()) }).optional(),
  /** Instant booking or the driver approves each request; a draft from before the choice existed is instant. */
  bookingMode: z.enum(bookingModes).optional(),
  /** What the driver states about the ride; a draft from before the step asked starts from the defaults (components/ride-preferences-fields.tsx). */
  preferences: z
    .object({ luggage: z.enum(luggageSizes), smoking: z.boolean(), pets: z.boolean(), airConditioning: z.boolean(), maxTwoInBack: z.boolean() })
    .optional(),
  womenOnly: z.boolean().optional(),
});
export type SeatsPriceDraft = z.infer<typeof seatsPriceDraftSchema>;

/** Each piece of the draft by its name in ride-draft.ts. */
export const draftSchemas = { route: routeDraftSchema, dateTime: dateTimeDraftSchema, seatsPrice: seatsPriceDraftSchema };
