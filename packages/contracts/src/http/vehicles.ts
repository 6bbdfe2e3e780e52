import { z } from 'zod';
import { decimal, isoDateTime, uuid } from './fields.ts';

/** The spec's make and colour lists, in its order. */
export const vehicleMakes = [
  'Toyota', 'Honda', 'Hyundai', 'Kia', 'Nissan', 'Mazda', 'Ford', 'Volkswagen',
  'Mercedes-Benz', 'BMW', 'Audi', 'Chevrolet', 'Peugeot', 'Renault', 'Other',
] as const;
export const vehicleColors = ['Black', 'White', 'Silver', 'Gray', 'Red', 'Blue', 'Green', 'Yellow', 'Orange', 'Brown', 'Gold', 'Other'] as const;

export const minVehicleYear = 1990;
/** The newest model year a vehicle may have: next calendar year (cars are sold a model year ahead). */
export const maxVehicleYear = (today: Date = new Date()) => today.getUTCFullYear() + 1;
export const minVehicleSeats = 2;
export const maxVehicleSeats = 8;
export const defaultVehicleSeats = 4;
/**
 * How many vehicles one member holds on Krom at most (deleted ones do not count): a family's cars
 * and a small fleet fit; claiming plates by the dozen does not.
 */
export const maxVehiclesPerMember = 5;

/**
 * Ghana registration plates: a region code (GR, AS, WR, GT, GW, GN, ...), up to four digits and
 * the two-digit year (`GR-1234-20`), or the newer plates without the year, which end at the
 * number or carry a single series letter (`GR-1234`, `GN-4821-Z`). Spaces, dashes or nothing
 * may separate the parts as people type them; the stored form is upper case with dashes.
 */
const platePattern = /^([A-Z]{1,3})[\s-]*(\d{1,4})(?:[\s-]*(\d{2}|[A-Z]))?$/;
export const vehicleMessages = {
  make: 'Please select a make',
  model: 'Model must be at least 2 characters',
  year: (max: number) => `Year must be between ${minVehicleYear} and ${max}`,
  color: 'Please select a colour',
  licensePlate: 'Please enter a Ghana licence plate such as GR-1234-20',
  seats: `Seats must be between ${minVehicleSeats} and ${maxVehicleSeats}`,
  plateTaken: 'This licence plate is already registered to a vehicle on Krom. If the car is yours, dispute the plate and our team will look into it.',
  notFound: 'Vehicle not found',
  needsIdentity: 'Verify your identity before adding a vehicle',
  tooManyVehicles: `You can have at most ${maxVehiclesPerMember} vehicles on Krom. Delete one you no longer drive to add another.`,
  plateNotRegistered: 'No vehicle on Krom has this licence plate: you can add it as your vehicle.',
  plateIsYours: 'This licence plate is on one of your own vehicles.',
  disputeDetails: 'Tell us at most 500 characters',
  hasUpcomingRides: 'This vehicle has upcoming rides. Cancel those rides before deleting it.',
  plateHasUpcomingRides: 'This vehicle has upcoming rides, and their passengers look for this plate. Cancel those rides before changing it.',
  seatsBelowUpcomingRides: (passengers: number) =>
    `An upcoming ride offers ${passengers} passenger seat${passengers === 1 ? '' : 's'} in this vehicle, so it needs at least ${passengers + 1} seats. Change or cancel that ride first.`,
} as const;

/** A plate as typed in, its stored form out (`gr 1234 20` → `GR-1234-20`); undefined when it is no Ghana plate. */
export function normaliseLicensePlate(input: string): string | undefined {
  const match = platePattern.exec(input.trim().toUpperCase());
  if (!match) return undefined;
  const [, region, number, suffix] = match;
  return suffix ? `${region}-${number}-${suffix}` : `${region}-${number}`;
}

// Zod-free, for pages that show a plate without loading zod (the ride preview).
export { isMaskedLicensePlate, maskLicensePlate } from './licence-plate-values.ts';

export const licensePlateField = z
  .string({ error: vehicleMessages.licensePlate })
  .transform((plate, ctx) => {
    const normalised = normaliseLicensePlate(plate);
    if (!normalised || normalised.length < 6) {
      ctx.addIssue({ code: 'custom', message: vehicleMessages.licensePlate });
      return z.NEVER;
    }
    return normalised;
  });

const maxYear = maxVehicleYear();
/** Adding and editing a vehicle (the form sends every field both times). */
export const vehicleInputSchema = z.object({
  make: z.enum(vehicleMakes, { error: vehicleMessages.make }),
  model: z.string({ error: vehicleMessages.model }).trim().min(2, vehicleMessages.model).max(40, 'Model must be at most 40 characters'),
  year: decimal(
    z
      .number({ error: vehicleMessages.year(maxYear) })
      .int(vehicleMessages.year(maxYear))
      .min(minVehicleYear, vehicleMessages.year(maxYear))
      .refine((year) => year <= maxVehicleYear(), { message: vehicleMessages.year(maxYear) }),
  ),
  color: z.enum(vehicleColors, { error: vehicleMessages.color }),
  licensePlate: licensePlateField,
  seats: decimal(z.number({ error: vehicleMessages.seats }).int(vehicleMessages.seats).min(minVehicleSeats, vehicleMessages.seats).max(maxVehicleSeats, vehicleMessages.seats)).default(
    defaultVehicleSeats,
  ),
});
export type VehicleInput = z.input<typeof vehicleInputSchema>;

export const vehicleSchema = z.object({
  id: uuid,
  make: z.string(),
  model: z.string(),
  year: z.number().int(),
  color: z.string(),
  licensePlate: z.string(),
  seats: z.number().int(),
  isActive: z.boolean(),
  /** Active rides of this vehicle still to depart: deleting it is refused while there are any. */
  upcomingRides: z.number().int(),
  createdAt: isoDateTime,
});
export type Vehicle = z.infer<typeof vehicleSchema>;
export const vehicleListSchema = z.array(vehicleSchema);
export const vehicleParams = z.object({ id: z.string().describe('The vehicle id (a uuid)') });
export const deleteVehicleResponseSchema = z.object({ ok: z.literal(true) });

/** A vehicle as a ride shows it. */
export const rideVehicleSchema = z.object({
  year: z.number().int(),
  make: z.string(),
  model: z.string(),
  color: z.string(),
  licensePlate: z.string().nullable(),
  seats: z.number().int(),
});
export type RideVehicle = z.infer<typeof rideVehicleSchema>;

export const plateDisputeStatuses = ['open', 'resolved'] as const;

/** POST /api/vehicles/plate-disputes: a member says a plate registered by someone else is theirs. */
export const plateDisputeInputSchema = z.object({
  licensePlate: licensePlateField,
  /** What staff should know: how to reach them, where the car's papers are. */
  details: z.string().trim().max(500, vehicleMessages.disputeDetails).optional(),
});
export type PlateDisputeInput = z.input<typeof plateDisputeInputSchema>;

/** A dispute as its member sees it. */
export const plateDisputeSchema = z.object({
  id: uuid,
  licensePlate: z.string(),
  status: z.enum(plateDisputeStatuses),
  createdAt: isoDateTime,
});
export type PlateDispute = z.infer<typeof plateDisputeSchema>;

const disputeParty = z.object({ userId: uuid, name: z.string() });
/** A dispute as staff see it: who claims the plate, who holds it and the vehicle it is on. */
export const staffPlateDisputeSchema = plateDisputeSchema.extend({
  details: z.string().nullable(),
  claimant: disputeParty,
  holder: disputeParty,
  vehicle: rideVehicleSchema.omit({ seats: true }).extend({ id: uuid }),
});
export type StaffPlateDispute = z.infer<typeof staffPlateDisputeSchema>;
export const staffPlateDisputeListSchema = z.object({ disputes: z.array(staffPlateDisputeSchema) });
