import { randomUUID } from 'node:crypto';
import { bookingMessages } from '@krom/contracts/http/bookings';
import { uuid } from '@krom/contracts/http/fields';
import {
  type EmergencyContact,
  type SharedTrip,
  type TripProgress,
  type TripShare,
  tripLinkPath,
  tripShareHoursAfterArrival,
  tripShareMessages,
  tripTokenPattern,
} from '@krom/contracts/http/trip-shares';
import { type TripSharedWithContact, tripSharedWithContact } from '@krom/contracts/events/trip-shares';
import { HttpError } from '@krom/server-kit/errors';
import { recordEvent, type Transaction } from '@krom/server-kit/outbox';
import { type SQL, sql } from 'drizzle-orm';
import { bookingRow } from '../bookings/booking-views.ts';
import type { RidesDb } from '../db/rides-db.ts';
import { ridePlannedEnd, type SweepOptions, type SweepResult, sweepBatch } from '../jobs/sweeps.ts';
import { isoInstant, type SqlRunner } from '../rides/ride-views.ts';
import { type TripLinkKey, tripLinkToken, tripTokenHash } from './trip-link-token.ts';

/*
 * A passenger's shared trip: the link, its end, and the emergency contact texted it. A passenger
 * acts on their own bookings only (another's is a 404, as if it did not exist); a booking is
 * shared while it is confirmed or boarded and until its ride's expected arrival plus
 * `tripShareHoursAfterArrival`, which is also when every link to it ends.
 */

/**
 * When a link to the booking `b` of ride `r` ends at the latest: the ride's expected arrival plus
 * the hours after. Made when used: sweeps.ts, where the arrival is written, runs this module's
 * sweep, so either may be loaded first.
 */
const shareEnds = () => sql`(${ridePlannedEnd} + make_interval(hours => ${tripShareHoursAfterArrival}::int))`;

/** The statuses of a booking that can be shared, and whose link shows the trip. */
const shareable = sql.raw(`('confirmed', 'boarded')`);

type ShareRow = {
  id: string;
  bookingId: string;
  textContactAtDeparture: boolean;
  contactTextedAt: string | null;
  endsAt: string;
};

const shareColumns = sql.raw(`s.id, s.booking_id AS "bookingId", s.text_contact_at_departure AS "textContactAtDeparture",
  s.contact_texted_at AS "contactTextedAt"`);

const toTripShare = (key: TripLinkKey, row: ShareRow): TripShare => ({
  bookingId: row.bookingId,
  link: tripLinkPath(tripLinkToken(key, row.id)),
  expiresAt: isoInstant(row.endsAt),
  textContactAtDeparture: row.textContactAtDeparture,
  contactTextedAt: row.contactTextedAt === null ? null : isoInstant(row.contactTextedAt),
});

type OwnBooking = { id: string; status: string; rideStatus: string; endsAt: string };

/** The passenger's booking (locked when `forUpdate`), or a 404 when it is not theirs. */
async function ownBooking(db: SqlRunner, passengerId: string, bookingId: string, forUpdate: boolean): Promise<OwnBooking> {
  const notFound = new HttpError(404, bookingMessages.notFound);
  if (!uuid.safeParse(bookingId).success) throw notFound;
  const { rows } = await db.execute<OwnBooking>(sql`
    SELECT b.id, b.status, r.status AS "rideStatus", ${shareEnds()} AS "endsAt"
    FROM bookings b JOIN rides r ON r.id = b.ride_id
    WHERE b.id = ${bookingId} AND b.passenger_id = ${passengerId} ${forUpdate ? sql`FOR UPDATE OF b` : sql``}`);
  const [row] = rows;
  if (!row) throw notFound;
  return row;
}

/** The booking as one that may be shared now, or a 409 in the issue's words. */
async function shareableBooking(tx: Transaction, passengerId: string, bookingId: string, now: Date): Promise<OwnBooking> {
  const booking = await ownBooking(tx, passengerId, bookingId, true);
  const live = (booking.status === 'confirmed' || booking.status === 'boarded') && booking.rideStatus !== 'cancelled';
  if (!live || new Date(booking.endsAt).getTime() <= now.getTime()) throw new HttpError(409, tripShareMessages.notShareable);
  return booking;
}

/** The booking's live share (not ended, not past its end), if any. */
async function liveShare(db: SqlRunner, bookingId: string, now: Date, extra: SQL = sql``): Promise<ShareRow | undefined> {
  const { rows } = await db.execute<ShareRow>(sql`
    SELECT ${shareColumns}, ${shareEnds()} AS "endsAt"
    FROM trip_shares s JOIN bookings b ON b.id = s.booking_id JOIN rides r ON r.id = b.ride_id
    WHERE s.booking_id = ${bookingId} AND s.ended_at IS NULL AND ${shareEnds()} > ${now.toISOString()}::timestamptz ${extra}`);
  return rows[0];
}

/** The booking's live share, made now when there is none. */
async function liveOrNewShare(tx: Transaction, booking: OwnBooking, passengerId: string, now: Date, key: TripLinkKey): Promise<ShareRow> {
  const live = await liveShare(tx, booking.id, now, sql`FOR UPDATE OF s`);
  if (live) return live;
  // A share past its end but never ended is closed, so the one live link per booking is the new one.
  await tx.execute(sql`UPDATE trip_shares SET ended_at = ${now.toISOString()}::timestamptz WHERE booking_id = ${booking.id} AND ended_at IS NULL`);
  const id = randomUUID();
  await tx.execute(sql`
    INSERT INTO trip_shares (id, booking_id, passenger_id, token_hash, created_at)
    VALUES (${id}, ${booking.id}, ${passengerId}, ${tripTokenHash(tripLinkToken(key, id))}, ${now.toISOString()}::timestamptz)`);
  return { id, bookingId: booking.id, textContactAtDeparture: false, contactTextedAt: null, endsAt: booking.endsAt };
}

/**
 * Shares the passenger's trip: the live link, or a new one, with their choice of having the
 * emergency contact (read from their profile by the BFF; null when none is saved) texted it at
 * departure.
 */
export async function shareTrip(
  db: RidesDb,
  key: TripLinkKey,
  passengerId: string,
  bookingId: string,
  input: { textContactAtDeparture: boolean; contact: EmergencyContact | null },
  now = new Date(),
): Promise<TripShare> {
  if (input.textContactAtDeparture && !input.contact) throw new HttpError(400, tripShareMessages.noEmergencyContact);
  return db.transaction(async (tx) => {
    const booking = await shareableBooking(tx, passengerId, bookingId, now);
    const share = await liveOrNewShare(tx, booking, passengerId, now, key);
    const contact = input.textContactAtDeparture ? input.contact : null;
    await tx.execute(sql`
      UPDATE trip_shares SET text_contact_at_departure = ${input.textContactAtDeparture},
        contact_name = ${contact?.name ?? null}, contact_phone = ${contact?.phone ?? null}
      WHERE id = ${share.id}`);
    return toTripShare(key, { ...share, textContactAtDeparture: input.textContactAtDeparture });
  });
}

/** The passenger's live link for the booking, or a 404 when it is not shared. */
export async function ownTripShare(db: RidesDb, key: TripLinkKey, passengerId: string, bookingId: string, now = new Date()): Promise<TripShare> {
  await ownBooking(db, passengerId, bookingId, false);
  const share = await liveShare(db, bookingId, now);
  if (!share) throw new HttpError(404, tripShareMessages.noShare);
  return toTripShare(key, share);
}

/** Ends the booking's link (Stop sharing, or I've arrived): it shows nothing more and is texted to nobody. */
export async function endTripShare(db: RidesDb, passengerId: string, bookingId: string, now = new Date()): Promise<{ ended: true }> {
  await ownBooking(db, passengerId, bookingId, false);
  await db.execute(sql`UPDATE trip_shares SET ended_at = ${now.toISOString()}::timestamptz WHERE booking_id = ${bookingId} AND ended_at IS NULL`);
  return { ended: true };
}

/**
 * A deleted account's shares (user.deleted): every live link ends (it shows nothing more and is
 * texted to nobody) and the emergency contact copied onto any of them is forgotten. Returns how
 * many shares it touched.
 */
export async function forgetTripSharesOf(tx: Transaction, passengerId: string, now = new Date()): Promise<number> {
  const result = await tx.execute(sql`
    UPDATE trip_shares SET ended_at = COALESCE(ended_at, ${now.toISOString()}::timestamptz),
      text_contact_at_departure = false, contact_name = NULL, contact_phone = NULL
    WHERE passenger_id = ${passengerId}
      AND (ended_at IS NULL OR contact_name IS NOT NULL OR contact_phone IS NOT NULL OR text_contact_at_departure)`);
  return result.rowCount ?? 0;
}

/** The event that has notifications text the contact the link, recorded in `tx`. */
async function recordContactText(
  tx: Transaction,
  key: TripLinkKey,
  share: { id: string; bookingId: string },
  contact: EmergencyContact,
  reason: TripSharedWithContact['reason'],
  now: Date,
) {
  const row = await bookingRow(tx, share.bookingId);
  if (!row) return;
  await recordEvent(tx, tripSharedWithContact, {
    shareId: share.id,
    bookingId: row.id,
    passengerId: row.passengerId,
    passengerName: row.passengerName,
    contactName: contact.name,
    contactPhone: contact.phone,
    link: tripLinkPath(tripLinkToken(key, share.id)),
    fromLocation: row.rideFrom,
    toLocation: row.rideTo,
    departureAt: isoInstant(row.departureAt),
    reason,
    occurredAt: now.toISOString(),
  });
}

/** The emergency screen's one button: the contact is texted the link now (the trip shared first when it is not). */
export async function textTripToContact(
  db: RidesDb,
  key: TripLinkKey,
  passengerId: string,
  bookingId: string,
  contact: EmergencyContact,
  now = new Date(),
): Promise<{ share: TripShare; contactName: string }> {
  return db.transaction(async (tx) => {
    const booking = await shareableBooking(tx, passengerId, bookingId, now);
    const share = await liveOrNewShare(tx, booking, passengerId, now, key);
    await tx.execute(sql`UPDATE trip_shares SET contact_texted_at = ${now.toISOString()}::timestamptz WHERE id = ${share.id}`);
    await recordContactText(tx, key, share, contact, 'emergency', now);
    return { share: toTripShare(key, { ...share, contactTextedAt: now.toISOString() }), contactName: contact.name };
  });
}

/**
 * At departure, each live link whose passenger chose it is texted to their emergency contact,
 * once: `contact_texted_at` is set by a conditional update (not on an ended link), and only the
 * transaction that set it records the event.
 */
export async function textTripContactsAtDeparture(db: RidesDb, now: Date, { tripLinkKey: key }: SweepOptions = {}): Promise<SweepResult> {
  if (!key) throw new Error('the departure texts need the trip link key (SweepOptions.tripLinkKey)');
  const at = now.toISOString();
  const { rows: due } = await db.execute<{ id: string; bookingId: string }>(sql`
    SELECT s.id, s.booking_id AS "bookingId"
    FROM trip_shares s JOIN bookings b ON b.id = s.booking_id JOIN rides r ON r.id = b.ride_id
    WHERE s.ended_at IS NULL AND s.text_contact_at_departure AND s.contact_texted_at IS NULL
      AND b.status IN ${shareable} AND r.status = 'active'
      AND r.departure_at <= ${at}::timestamptz AND ${shareEnds()} > ${at}::timestamptz
    ORDER BY r.departure_at, s.id LIMIT ${sweepBatch}::int`);
  let changed = 0;
  for (const share of due) {
    const texted = await db.transaction(async (tx) => {
      const { rows } = await tx.execute<{ contactName: string; contactPhone: string }>(sql`
        UPDATE trip_shares SET contact_texted_at = ${at}::timestamptz
        WHERE id = ${share.id} AND ended_at IS NULL AND contact_texted_at IS NULL AND text_contact_at_departure
          AND contact_name IS NOT NULL AND contact_phone IS NOT NULL
        RETURNING contact_name AS "contactName", contact_phone AS "contactPhone"`);
      const contact = rows[0];
      if (!contact) return false;
      await recordContactText(tx, key, share, { name: contact.contactName, phone: contact.contactPhone }, 'departure', now);
      return true;
    });
    if (texted) changed += 1;
  }
  return { changed };
}

type SharedRow = { bookingId: string; bookingStatus: string; endedAt: string | null; endsAt: string; departed: boolean };

/**
 * What a link shows: the route, departure, the driver's first name, the car and its plate, the
 * expected arrival and whether the driver has started; nothing of the passenger. 404 for a token
 * never issued, 410 once it has ended (stopped, arrived, past its end, or the booking cancelled).
 */
export async function sharedTrip(db: SqlRunner, token: string, now = new Date()): Promise<SharedTrip> {
  if (!tripTokenPattern.test(token)) throw new HttpError(404, tripShareMessages.notFound);
  const { rows } = await db.execute<SharedRow & { expectedArrivalAt: string }>(sql`
    SELECT s.booking_id AS "bookingId", b.status AS "bookingStatus", s.ended_at AS "endedAt", ${shareEnds()} AS "endsAt",
      ${ridePlannedEnd} AS "expectedArrivalAt", r.departure_at <= ${now.toISOString()}::timestamptz AS departed
    FROM trip_shares s JOIN bookings b ON b.id = s.booking_id JOIN rides r ON r.id = b.ride_id
    WHERE s.token_hash = ${tripTokenHash(token)}`);
  const [share] = rows;
  if (!share) throw new HttpError(404, tripShareMessages.notFound);
  const live = share.endedAt === null && new Date(share.endsAt).getTime() > now.getTime();
  const booked = share.bookingStatus === 'confirmed' || share.bookingStatus === 'boarded' || share.bookingStatus === 'completed';
  const trip = live && booked ? await bookingRow(db, share.bookingId) : undefined;
  if (!trip) throw new HttpError(410, tripShareMessages.ended);
  let progress: TripProgress = 'not_started';
  if (trip.rideStatus === 'completed' || trip.status === 'completed') progress = 'arrived';
  else if (trip.status === 'boarded' || share.departed) progress = 'on_the_way';
  return {
    fromLocation: trip.rideFrom,
    toLocation: trip.rideTo,
    places: trip.places.map((place) => place.location),
    departureAt: isoInstant(trip.departureAt),
    departureDate: trip.departureDate,
    departureTime: trip.departureTime,
    expectedArrivalAt: isoInstant(share.expectedArrivalAt),
    driverFirstName: trip.driverFirstName,
    vehicle: trip.vehicle,
    progress,
    expiresAt: isoInstant(share.endsAt),
  };
}
