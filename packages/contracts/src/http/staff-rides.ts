import { z } from 'zod';
import { isCalendarDate } from '../ghana-time.ts';
import { rideStatuses } from './ride-values.ts';
import { isoDateTime, uuid } from './fields.ts';

/*
 * Rides as staff list them in the admin area's Rides tab: every ride, newest departure first,
 * narrowed by status, places, departure days and driver, a page at a time.
 */

/** How many rides one page shows at most. */
export const staffRidePageSize = 50;

/** The bookings a ride's count holds: the seats that were (or are) really taken. */
export const staffRideCountedBookingStatuses = ['confirmed', 'boarded', 'completed'] as const;

export const staffRideMessages = {
  status: `Status must be one of: ${rideStatuses.join(', ')}`,
  place: 'A place must be 1 to 100 characters',
  date: 'Dates must be real days written as yyyy-MM-dd, such as 2026-12-01',
  dateOrder: 'The first departure day must not be after the last',
  driverId: 'Enter the driver id as shown on the ride (a uuid)',
  cursor: 'This page of rides cannot be found',
} as const;

const place = z.string({ error: staffRideMessages.place }).trim().min(1, staffRideMessages.place).max(100, staffRideMessages.place).optional();
/** A staff list's departure day filter (a Ghana day). From 1970: no ride is older, and PostgreSQL takes every such day (no year 0000). */
export const staffDepartureDay = z
  .string({ error: staffRideMessages.date })
  .trim()
  .refine((date) => isCalendarDate(date) && date >= '1970-01-01', staffRideMessages.date)
  .optional();

/** A staff list's departure days in order: the first not after the last (the error shown on the last). */
export const departureDaysInOrder = (query: { departureFrom?: string; departureTo?: string }) =>
  query.departureFrom === undefined || query.departureTo === undefined || query.departureFrom <= query.departureTo;
export const departureDaysOutOfOrder = { message: staffRideMessages.dateOrder, path: ['departureTo'] };

/** GET /api/admin/rides: every filter optional; the places match a ride's city or location by how they begin, any case. */
export const staffRideListQuerySchema = z
  .object({
    status: z.enum(rideStatuses, { error: staffRideMessages.status }).optional(),
    from: place,
    to: place,
    /** Ghana days (UTC), inclusive. */
    departureFrom: staffDepartureDay,
    departureTo: staffDepartureDay,
    driverId: z.string({ error: staffRideMessages.driverId }).trim().pipe(z.string().uuid(staffRideMessages.driverId)).optional(),
    /** The `nextCursor` of the page before: the rides after its last one, however many share its departure. */
    before: z.string().max(200, staffRideMessages.cursor).optional(),
  })
  .refine(departureDaysInOrder, departureDaysOutOfOrder);
export type StaffRideListQuery = z.input<typeof staffRideListQuerySchema>;

/** One ride as a row of the list shows it. */
export const staffRideSchema = z.object({
  id: uuid,
  fromCity: z.string(),
  fromLocation: z.string(),
  toCity: z.string(),
  toLocation: z.string(),
  departureAt: isoDateTime,
  status: z.enum(rideStatuses),
  driverId: uuid,
  driverFirstName: z.string(),
  seatsOffered: z.number().int(),
  availableSeats: z.number().int(),
  /** Decimal cedis, as the ride was posted. */
  pricePerSeat: z.string(),
  currency: z.string(),
  /** Bookings confirmed, boarded or completed. */
  bookingsCount: z.number().int(),
});
export type StaffRide = z.infer<typeof staffRideSchema>;

export const staffRideListSchema = z.object({
  rides: z.array(staffRideSchema),
  /** Where the next (older) page starts; null on the last page. */
  nextCursor: z.string().nullable(),
});
export type StaffRideList = z.infer<typeof staffRideListSchema>;
