import { randomUUID } from 'node:crypto';
import type { EventEnvelope } from '@krom/contracts/envelope';
import type { BookingFact } from '@krom/contracts/events/bookings';
import { bookingSchema } from '@krom/contracts/http/bookings';
import type { Caller } from '@krom/server-kit/internal-auth';
import { expect } from 'vitest';
import { dayFromNow, insertUserProfile, type ProfileSeed, type RidesService } from './rides-test-env.ts';

/*
 * What the booking tests share: members, a driver's ride posted through the API (Accra → Nkawkaw
 * → Kumasi, so places 0, 1, 2), booking through the API with an Idempotency-Key, and reading the
 * ride's legs and the booking events straight from the database.
 */

type Handle = { service: RidesService; as: (caller: Caller) => Promise<Record<string, string>> };

export const user = (userId = randomUUID()) => ({ kind: 'user', userId }) as const;
export type Member = ReturnType<typeof user>;

export function bookingCalls(handle: Handle) {
  async function call(caller: Caller, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, headers: Record<string, string> = {}) {
    return handle.service.app.inject({ method, url, headers: { ...(await handle.as(caller)), ...headers }, ...(payload ? { payload } : {}) });
  }

  async function member(profile: ProfileSeed = {}): Promise<Member> {
    const caller = user();
    await insertUserProfile(handle.service, caller.userId, { firstName: 'Ama', lastName: 'Serwaa', ...profile });
    return caller;
  }

  let plates = 500;
  async function driver(seats = 5): Promise<{ caller: Member; vehicleId: string }> {
    const caller = await member({ firstName: 'Kofi', lastName: 'Boateng' });
    const response = await call(caller, 'POST', '/vehicles', { make: 'Toyota', model: 'Corolla', year: 2019, color: 'Silver', licensePlate: `GT-${plates++}-21`, seats });
    expect(response.statusCode).toBe(201);
    return { caller, vehicleId: response.json().id as string };
  }

  /** The form of a ride Accra → Nkawkaw → Kumasi three days ahead in `vehicleId`, with `changes`. */
  const rideForm = (vehicleId: string, changes: object = {}) => ({
    vehicleId,
    fromCity: 'Accra',
    toCity: 'Kumasi',
    fromLocation: 'Circle VIP Bus Station',
    toLocation: 'Kejetia Lorry Park',
    fromLatitude: 5.5701,
    fromLongitude: -0.2127,
    toLatitude: 6.6966,
    toLongitude: -1.6224,
    stops: [{ location: 'Nkawkaw Lorry Station', city: 'Nkawkaw', latitude: 6.5506, longitude: -0.7667, meetingPoint: 'By the Total fuel station' }],
    departureDate: dayFromNow(3),
    departureTime: '07:30',
    availableSeats: 3,
    pricePerSeat: '120',
    pickupStation: 'Accra Mall car park',
    bookingMode: 'instant',
    ...changes,
  });

  /** A ride Accra → Nkawkaw → Kumasi three days ahead, posted by a new driver through the API. */
  async function ride(options: { seats?: number; bookingMode?: 'instant' | 'approval'; price?: string } = {}) {
    const owner = await driver();
    const response = await call(
      owner.caller,
      'POST',
      '/rides',
      rideForm(owner.vehicleId, { availableSeats: options.seats ?? 3, pricePerSeat: options.price ?? '120', bookingMode: options.bookingMode ?? 'instant' }),
    );
    expect(response.statusCode).toBe(201);
    return { driver: owner.caller, rideId: response.json().id as string };
  }

  const form = (rideId: string, changes: object = {}) => ({
    rideId,
    seats: 1,
    boardAt: 0,
    alightAt: 2,
    passengerName: 'Ama Serwaa',
    passengerPhone: '024 412 3456',
    ...changes,
  });

  const book = (caller: Caller, body: object, key: string | null = randomUUID()) =>
    call(caller, 'POST', '/bookings', body, key === null ? {} : { 'idempotency-key': key });

  /** Books through the API and expects it done (201). */
  async function booked(caller: Caller, body: object) {
    const response = await book(caller, body);
    expect(response.statusCode, response.body).toBe(201);
    return bookingSchema.parse(response.json());
  }

  async function legs(rideId: string) {
    const { rows } = await handle.service.db.$client.query<{ taken: number[]; available: number; offered: number }>(
      'SELECT leg_seats_taken AS taken, available_seats AS available, seats_offered AS offered FROM rides WHERE id = $1',
      [rideId],
    );
    const row = rows[0]!;
    // Legs never booked are not stored (a missing position counts 0): the test rides have two.
    return { ...row, taken: [row.taken[0] ?? 0, row.taken[1] ?? 0] };
  }

  async function events(bookingId: string) {
    const { rows } = await handle.service.db.$client.query<{ subject: string; envelope: EventEnvelope<BookingFact> }>(
      `SELECT subject, envelope FROM outbox WHERE envelope->'data'->>'bookingId' = $1 ORDER BY created_at, (envelope->'data'->>'version')::int`,
      [bookingId],
    );
    return rows;
  }

  /** The envelopes in the outbox on `subject` (events not about one booking, such as a ride's), oldest first. */
  async function outbox<T = unknown>(subject: string) {
    const { rows } = await handle.service.db.$client.query<{ envelope: EventEnvelope<T> }>(
      'SELECT envelope FROM outbox WHERE subject = $1 ORDER BY created_at',
      [subject],
    );
    return rows.map((row) => row.envelope);
  }

  /** Moves the ride's departure (and the date and time shown with it) to `at`: how tests reach the hours around departure. */
  async function departAt(rideId: string, at: Date) {
    const iso = at.toISOString();
    await handle.service.db.$client.query('UPDATE rides SET departure_at = $2, departure_date = $3::date, departure_time = $4 WHERE id = $1', [
      rideId,
      iso,
      iso.slice(0, 10),
      iso.slice(11, 16),
    ]);
  }

  return { call, member, driver, ride, rideForm, form, book, booked, legs, events, outbox, departAt };
}
