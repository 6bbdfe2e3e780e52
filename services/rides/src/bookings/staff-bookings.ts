import { bookingMessages } from '@krom/contracts/http/bookings';
import { uuid } from '@krom/contracts/http/fields';
import {
  type StaffBooking,
  type StaffBookingDetail,
  type StaffBookingHistoryEntry,
  type StaffBookingList,
  type staffBookingListQuerySchema,
  staffBookingMessages,
  staffBookingPageSize,
} from '@krom/contracts/http/staff-bookings';
import { HttpError } from '@krom/server-kit/errors';
import { type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { RidesDb } from '../db/rides-db.ts';
import { afterDepartureCursor, departureDays, pageOf } from '../rides/departure-cursor.ts';
import { isoInstant, type SqlRunner } from '../rides/ride-views.ts';
import { type BookingRow, bookingRow, bookingRows, placeOf } from './booking-views.ts';
import { applyTransition } from './transitions.ts';

/*
 * What staff do with bookings in the admin area: list them by their ride's departure, newest first,
 * narrowed by status, payment, departure days, and what a caller reads out to them (the boarding
 * code, the phone the passenger booked with, the ride's id); read one's history; cancel a live one
 * with a reason. Staff act on any booking; who they are (the admin id) goes into the
 * history row and the event.
 */

const notFound = () => new HttpError(404, bookingMessages.notFound);

/** A booking's place as staff see it: its index and location. */
const indexAndLocation = ({ index, location }: { index: number; location: string }) => ({ index, location });

const toStaffBooking = (row: BookingRow): StaffBooking => ({
  id: row.id,
  rideId: row.rideId,
  status: row.status,
  bookingMode: row.bookingMode,
  paymentMethod: row.paymentMethod,
  rideFrom: row.rideFrom,
  rideTo: row.rideTo,
  departureDate: row.departureDate,
  departureTime: row.departureTime,
  departureAt: isoInstant(row.departureAt),
  passengerId: row.passengerId,
  passengerName: row.passengerName,
  passengerPhone: row.passengerPhone,
  driverId: row.driverId,
  driverName: row.driverName,
  seats: row.seats,
  board: indexAndLocation(placeOf(row, row.boardAt)),
  alight: indexAndLocation(placeOf(row, row.alightAt)),
  totalAmount: row.totalAmount,
  currency: row.currency,
  boardingCode: row.boardingCode,
  createdAt: isoInstant(row.createdAt),
  version: row.version,
});

/**
 * One page of bookings matching the filters, newest departure first (then id), in one statement.
 * The departure's bound (days, cursor) narrows the rides by their (departure_at, id) index.
 */
export async function listStaffBookings(db: SqlRunner, query: z.output<typeof staffBookingListQuerySchema>): Promise<StaffBookingList> {
  const filters: SQL[] = [sql`TRUE`];
  if (query.status) filters.push(sql`b.status = ${query.status}`);
  if (query.paymentMethod) filters.push(sql`b.payment_method = ${query.paymentMethod}`);
  filters.push(...departureDays(sql`r.departure_at`, query));
  if (query.rideId) filters.push(sql`b.ride_id = ${query.rideId}::uuid`);
  if (query.phone) filters.push(sql`b.passenger_phone = ${query.phone}`);
  if (query.code) filters.push(sql`b.boarding_code = ${query.code}`);
  if (query.before) filters.push(afterDepartureCursor(query.before, { departureAt: sql`r.departure_at`, id: sql`b.id` }, staffBookingMessages.cursor));
  const rows = await bookingRows(db, sql`WHERE ${sql.join(filters, sql` AND `)} ORDER BY r.departure_at DESC, b.id DESC LIMIT ${staffBookingPageSize + 1}`);
  const { page, nextCursor } = pageOf(rows.map(toStaffBooking), staffBookingPageSize);
  return { bookings: page, nextCursor };
}

async function historyOf(db: SqlRunner, bookingId: string): Promise<StaffBookingHistoryEntry[]> {
  const { rows } = await db.execute<StaffBookingHistoryEntry & { at: string | Date }>(sql`
    SELECT from_status AS "from", to_status AS "to", actor, actor_id AS "actorId", reason, at
    FROM booking_history WHERE booking_id = ${bookingId} ORDER BY version`);
  return rows.map((entry) => ({ ...entry, at: isoInstant(entry.at) }));
}

/** One booking with its history, oldest transition first. */
export async function staffBooking(db: SqlRunner, bookingId: string): Promise<StaffBookingDetail> {
  if (!uuid.safeParse(bookingId).success) throw notFound();
  const row = await bookingRow(db, bookingId);
  if (!row) throw notFound();
  return { ...toStaffBooking(row), history: await historyOf(db, bookingId) };
}

/**
 * Staff cancel a live booking: its seats come back, and the event carries the reason and a refund
 * of the full total (the passenger is not at fault, as when a driver cancels). A booking already
 * ended (cancelled, completed, boarded...) is a 409 and nothing changes.
 */
export async function cancelAsStaff(db: RidesDb, adminId: string, bookingId: string, reason: string, now = new Date()): Promise<StaffBookingDetail> {
  if (!uuid.safeParse(bookingId).success) throw notFound();
  return db.transaction(async (tx) => {
    const row = await bookingRow(tx, bookingId);
    if (!row) throw notFound();
    const by = { actor: 'staff' as const, actorId: adminId, reason, refundAmount: row.totalAmount, now };
    const moved = await applyTransition(tx, bookingId, 'staffCancel', by);
    if (!moved) throw new HttpError(409, bookingMessages.transition.staffCancel);
    return { ...toStaffBooking(moved), history: await historyOf(tx, bookingId) };
  });
}
