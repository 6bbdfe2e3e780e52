import { maxSavedSearches, type SavedSearch, savedSearchMessages, type savedSearchInputSchema } from '@krom/contracts/http/ride-requests';
import { placeTown } from '@krom/contracts/http/places';
import { HttpError } from '@krom/server-kit/errors';
import { desc, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { RidesDb } from '../db/rides-db.ts';
import { rideRequests } from '../db/schema.ts';
import {
  cancelRideRequest,
  insertRideRequest,
  matchedRidesOf,
  myRideRequestsLimit,
  openOf,
  pair,
  type RideRequestInput,
  toRideRequest,
} from './passenger-ride-requests.ts';

/*
 * Saved searches (the spec's trip_search): a signed-in member keeps a search of the listing as an
 * alert. Each is a ride_requests row of kind `saved_search`, so the requests' machinery serves it
 * as it is: matching on ride.posted (blocks, seats, price, each ride told once), expiry (the end
 * of its date in Ghana, else 30 days after saving), the match notice (worded for a saved search),
 * and the list of matched rides. It differs in two things: drivers never see it (Requested Rides
 * lists requests only, so it cannot be accepted or declined), and it is told in the app and by
 * SMS unless the member turned SMS off in their settings (no e-mail: the spec's trip_search has
 * no channels of its own). Every function touches the signed-in member's own searches only.
 */

type SavedSearchFields = z.output<typeof savedSearchInputSchema>;

const notFound = () => new HttpError(404, savedSearchMessages.notFound);

/** The saved search as a request the matcher reads: the exact date searched, SMS as the member's settings allow. */
const asRequest = (input: SavedSearchFields): RideRequestInput => {
  const { departureDate, ...trip } = input;
  return { ...trip, preferredDepartureDate: departureDate, flexibleDates: false, notifyByEmail: false, notifyBySMS: true };
};

function toSavedSearch(row: Parameters<typeof toRideRequest>[0], matchedRides: SavedSearch['matchedRides']): SavedSearch {
  const { preferredDepartureDate, flexibleDates, notes, notifyByEmail, notifyBySMS, lastNotifiedAt, ...search } = toRideRequest(row);
  return { ...search, departureDate: preferredDepartureDate, matchedRides };
}

/**
 * Saves the search for the member: at most `maxSavedSearches` active at once (400 past that), and
 * the same trip (towns, date, passengers, price limit) once (409).
 */
export async function saveSearch(db: RidesDb, userId: string, input: SavedSearchFields, now = new Date()): Promise<SavedSearch> {
  return db.transaction(async (tx) => {
    // One member's searches are saved one at a time, so two taps cannot both pass the checks below.
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtextextended(${`krom:saved-searches:${userId}`}, 0))`);
    const open = await tx
      .select({
        from: sql<string>`lower(coalesce(${rideRequests.fromLocalityArea}, ${rideRequests.fromLocation}))`,
        to: sql<string>`lower(coalesce(${rideRequests.toLocalityArea}, ${rideRequests.toLocation}))`,
        date: rideRequests.preferredDepartureDate,
        passengers: rideRequests.passengers,
        maxPrice: rideRequests.maxPricePerSeat,
      })
      .from(rideRequests)
      .where(openOf(userId, 'saved_search', now));
    const [fromTown, toTown] = [placeTown(input.fromLocation, input.fromLocalityArea), placeTown(input.toLocation, input.toLocalityArea)];
    const maxPrice = input.maxPricePerSeat === undefined ? null : Number(input.maxPricePerSeat);
    const same = (other: (typeof open)[number]) =>
      other.from === fromTown &&
      other.to === toTown &&
      other.date === (input.departureDate ?? null) &&
      other.passengers === input.passengers &&
      (other.maxPrice === null ? null : Number(other.maxPrice)) === maxPrice;
    if (open.some(same)) throw new HttpError(409, savedSearchMessages.duplicate);
    if (open.length >= maxSavedSearches) throw new HttpError(400, savedSearchMessages.tooMany);
    const from = pair(input.fromLatitude, input.fromLongitude);
    const to = pair(input.toLatitude, input.toLongitude);
    return toSavedSearch(await insertRideRequest(tx, userId, asRequest(input), { from, to }, now, 'saved_search'), []);
  });
}

/** The member's active saved searches, newest first, each with the rides it matched that can still be booked. */
export async function listSavedSearches(db: RidesDb, userId: string, now = new Date()): Promise<SavedSearch[]> {
  const rows = await db
    .select()
    .from(rideRequests)
    .where(openOf(userId, 'saved_search', now))
    .orderBy(desc(rideRequests.createdAt), desc(rideRequests.id))
    .limit(myRideRequestsLimit);
  const matched = await matchedRidesOf(db, rows.map((row) => row.id), now);
  return rows.map((row) => toSavedSearch(row, matched.get(row.id) ?? []));
}

/** Deletes one of the member's saved searches: it is matched no more. Again answers the same; anyone else's is "not found". */
export async function deleteSavedSearch(db: RidesDb, userId: string, id: string): Promise<void> {
  await cancelRideRequest(db, userId, id, 'saved_search', notFound);
}
