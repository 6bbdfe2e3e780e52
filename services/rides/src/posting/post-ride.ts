import { ridePosted } from '@krom/contracts/events/rides';
import { passengerSeatsOf, type postRideSchema, type RideDetails } from '@krom/contracts/http/rides';
import { vehicleMessages } from '@krom/contracts/http/vehicles';
import { HttpError } from '@krom/server-kit/errors';
import { recordEvent } from '@krom/server-kit/outbox';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { RidesDb } from '../db/rides-db.ts';
import { rideStops, rides, vehicles } from '../db/schema.ts';
import { departureInstant } from '../rides/departure.ts';
import type { KnownPlaces, PlaceClaim } from './known-places.ts';
import { type Pricing, routeCapFor } from './price-cap.ts';
import { assertMayPost, assertMayPostWomenOnly } from './posting-rights.ts';
import { assertRideRules } from './ride-rules.ts';
import { readRideDetails } from '../rides/ride-details.ts';
import { routeBoxOf, routeSearchText } from '../search/route-search.ts';

export type PostRideRequest = z.output<typeof postRideSchema>;

/** Optional text as stored: absent or blank is null. */
const textOrNull = (value: string | undefined) => (value ? value : null);

/** Coordinates are kept as a pair or not at all (half a point places nothing), at the columns' 8 decimals. */
function pair(latitude: number | undefined, longitude: number | undefined): { latitude: number | null; longitude: number | null } {
  if (latitude === undefined || longitude === undefined) return { latitude: null, longitude: null };
  return { latitude: Number(latitude.toFixed(8)), longitude: Number(longitude.toFixed(8)) };
}
const numericOrNull = (value: number | null) => (value === null ? null : String(value));

/**
 * A stop's point as stored: the client's only when the server can place the stop (known-places.ts).
 * A stop naming nothing the server knows ("The junction") is posted by its name alone rather than
 * refused, as an unknown departure or destination is posted (at a short trip's cap) and a driver may
 * name a meeting point of their own; without the point, coordinates only the client vouches for
 * neither raise the cap nor list the ride in searches and ride-request matches far from its route.
 * A point away from the place the stop names is kept here for the rules to refuse (placeElsewhere).
 */
function stopPoint(places: KnownPlaces, stop: Omit<PlaceClaim, 'latitude' | 'longitude'>, point: ReturnType<typeof pair>): ReturnType<typeof pair> {
  return places.locate({ ...stop, ...point }).kind === 'unknown' ? { latitude: null, longitude: null } : point;
}

/**
 * Posts a ride for the user: they must hold posting rights (403 naming the first missing step),
 * the vehicle must be theirs (404), and the seats, departure and price must meet the rules (400,
 * see ride-rules.ts); a women-only ride only by a verified member who stated "woman" (403). The ride, its stops and its `ride.posted` event commit together.
 */
export async function postRide(db: RidesDb, userId: string, request: PostRideRequest, pricing: Pricing, now = new Date()): Promise<RideDetails> {
  await assertMayPost(db, userId);
  if (request.womenOnly) await assertMayPostWomenOnly(db, userId);
  const from = pair(request.fromLatitude, request.fromLongitude);
  const to = pair(request.toLatitude, request.toLongitude);
  const stops = request.stops.map((stop, index) => ({ ...stop, stopOrder: index + 1, ...stopPoint(pricing.places, stop, pair(stop.latitude, stop.longitude)) }));
  const departureAt = departureInstant(request.departureDate, request.departureTime);
  const route = [
    { location: request.fromLocation, city: request.fromCity, localityArea: request.fromLocalityArea, ...from },
    ...stops,
    { location: request.toLocation, city: request.toCity, localityArea: request.toLocalityArea, ...to },
  ];

  return db.transaction(async (tx) => {
    // Shared lock: a delete of this vehicle at the same moment waits, then counts this ride.
    const [vehicle] = await tx
      .select({ id: vehicles.id, seats: vehicles.seats })
      .from(vehicles)
      .where(and(eq(vehicles.id, request.vehicleId), eq(vehicles.driverId, userId), isNull(vehicles.deletedAt), eq(vehicles.isActive, true)))
      .for('share');
    if (!vehicle) throw new HttpError(404, vehicleMessages.notFound);
    assertRideRules({
      availableSeats: request.availableSeats,
      vehicleSeats: vehicle.seats,
      departureAt,
      now,
      pricePerSeat: request.pricePerSeat,
      priceCap: routeCapFor(
        {
          from: { location: request.fromLocation, city: request.fromCity, localityArea: request.fromLocalityArea, placeId: request.fromPlaceId, ...from },
          stops,
          to: { location: request.toLocation, city: request.toCity, localityArea: request.toLocalityArea, placeId: request.toPlaceId, ...to },
        },
        pricing,
      ),
      legPrices: { prices: request.legPrices, places: route.map((place) => place.location) },
    });

    const [ride] = await tx
      .insert(rides)
      .values({
        driverId: userId,
        vehicleId: vehicle.id,
        fromCity: request.fromCity,
        toCity: request.toCity,
        fromLocation: request.fromLocation,
        toLocation: request.toLocation,
        fromLatitude: numericOrNull(from.latitude),
        fromLongitude: numericOrNull(from.longitude),
        fromLocalityArea: textOrNull(request.fromLocalityArea),
        fromRegion: textOrNull(request.fromRegion),
        fromPlaceId: textOrNull(request.fromPlaceId),
        toLatitude: numericOrNull(to.latitude),
        toLongitude: numericOrNull(to.longitude),
        toLocalityArea: textOrNull(request.toLocalityArea),
        toRegion: textOrNull(request.toRegion),
        toPlaceId: textOrNull(request.toPlaceId),
        departureDate: request.departureDate,
        departureTime: request.departureTime,
        departureAt,
        postedDepartureAt: departureAt,
        availableSeats: request.availableSeats,
        seatsOffered: request.availableSeats,
        bookingMode: request.bookingMode,
        // The vehicle's seats, whatever the client sent: the ride is in that car.
        totalSeats: vehicle.seats,
        pricePerSeat: request.pricePerSeat,
        legPrices: request.legPrices,
        currency: request.currency,
        description: textOrNull(request.description),
        duration: textOrNull(request.duration),
        pickupStation: textOrNull(request.pickupStation),
        luggage: request.preferences?.luggage ?? null,
        smoking: request.preferences?.smoking ?? null,
        pets: request.preferences?.pets ?? null,
        airConditioning: request.preferences?.airConditioning ?? null,
        maxTwoInBack: request.preferences?.maxTwoInBack ?? null,
        womenOnly: request.womenOnly,
        routeSearch: sql`lower(${routeSearchText(route)})`,
        ...routeBoxOf(route),
      })
      .returning({ id: rides.id, version: rides.version, createdAt: rides.createdAt });
    if (!ride) throw new Error('ride insert returned no row');
    if (stops.length > 0) {
      await tx.insert(rideStops).values(
        stops.map((stop) => ({
          rideId: ride.id,
          stopOrder: stop.stopOrder,
          location: stop.location,
          latitude: numericOrNull(stop.latitude),
          longitude: numericOrNull(stop.longitude),
          city: textOrNull(stop.city),
          localityArea: textOrNull(stop.localityArea),
          region: textOrNull(stop.region),
          placeId: textOrNull(stop.placeId),
          stopType: stop.stopType,
          // The stop's notes are where passengers meet the driver there (the API's meetingPoint).
          notes: textOrNull(stop.meetingPoint),
        })),
      );
    }

    await recordEvent(tx, ridePosted, {
      rideId: ride.id,
      driverId: userId,
      from: {
        location: request.fromLocation,
        city: request.fromCity,
        localityArea: textOrNull(request.fromLocalityArea),
        region: textOrNull(request.fromRegion),
        placeId: textOrNull(request.fromPlaceId),
        ...from,
      },
      to: {
        location: request.toLocation,
        city: request.toCity,
        localityArea: textOrNull(request.toLocalityArea),
        region: textOrNull(request.toRegion),
        placeId: textOrNull(request.toPlaceId),
        ...to,
      },
      stops: stops.map((stop) => ({
        stopOrder: stop.stopOrder,
        stopType: stop.stopType,
        location: stop.location,
        city: textOrNull(stop.city),
        localityArea: textOrNull(stop.localityArea),
        region: textOrNull(stop.region),
        placeId: textOrNull(stop.placeId),
        latitude: stop.latitude,
        longitude: stop.longitude,
      })),
      departureDate: request.departureDate,
      departureTime: request.departureTime,
      departureAt: departureAt.toISOString(),
      availableSeats: request.availableSeats,
      // totalSeats keeps its v1 meaning, the vehicle's seats; the passenger seats came later, in a field of their own.
      totalSeats: vehicle.seats,
      passengerSeats: passengerSeatsOf(vehicle.seats),
      pricePerSeat: Number(request.pricePerSeat).toFixed(2),
      currency: request.currency,
      preferences: request.preferences ?? null,
      womenOnly: request.womenOnly,
      postedAt: ride.createdAt.toISOString(),
      version: ride.version,
    });

    const details = await readRideDetails(tx, ride.id, { now, ownerId: userId });
    if (!details) throw new Error('posted ride not found in its own transaction');
    return details;
  });
}
