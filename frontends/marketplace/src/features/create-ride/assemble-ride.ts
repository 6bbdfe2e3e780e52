import type { RoutePoint } from '@krom/contracts/http/places';
import { currency, type PostRideInput } from '@krom/contracts/http/rides';
import { toDecimalCedis, toPesewas } from '@krom/contracts/money';
import type { DateTimeDraft, DraftPlace, RouteDraft, SeatsPriceDraft } from './ride-draft.ts';
import { legPricesToPost } from './legs.ts';

/** What a ride states until the driver changes it (step 3): medium bags, no smoking, no pets, no air conditioning, three in the back. */
import { defaultPreferences } from '../../components/ride-preference-field-texts.ts';

export { defaultPreferences };

/** A chosen stop: its place and where passengers meet the driver there. */
export type ChosenStop = DraftPlace & { meetingPoint: string | undefined };

/** The chosen stops, in order (rows left empty are not stops), with their meeting points trimmed (blank is none). */
export const chosenStops = (route: RouteDraft): ChosenStop[] =>
  route.stops.flatMap((stop) => (stop.locationData ? [{ ...stop.locationData, meetingPoint: stop.meetingPoint?.trim() || undefined }] : []));

/** The ride's pickup station: the meeting point the driver set at the departure, else the departure itself. */
export const pickupStationOf = (route: RouteDraft & { departure: DraftPlace }) => route.meetingPoint?.trim() || route.departure.name;

/** The points a route passes, in order: departure, the stops, destination (what the price guide and the duration are for). */
export function routePoints(route: RouteDraft): RoutePoint[] {
  const { departure, destination } = route;
  if (!departure || !destination) return [];
  return [departure, ...chosenStops(route), destination].map(({ latitude, longitude }) => ({ latitude, longitude }));
}

/** The town a place is in, for the ride's city: its locality (district), else its own name. */
export const cityOf = (place: DraftPlace) => place.district || place.locality || place.name;

/** The line under a place's name: its locality and region, where known and not the name again. */
export const localityLine = (place: DraftPlace) =>
  [place.district || place.locality, place.region].filter((part): part is string => Boolean(part) && part !== place.name).join(', ');

/** The ride as POST /api/rides takes it: the spec's flat shape, with the stops in order. */
export function assembleRide({
  route,
  dateTime,
  seatsPrice,
  duration,
}: {
  route: RouteDraft & { departure: DraftPlace; destination: DraftPlace };
  dateTime: DateTimeDraft;
  seatsPrice: SeatsPriceDraft;
  duration: string | undefined;
}): PostRideInput {
  const { departure: from, destination: to } = route;
  const availableSeats = Number(seatsPrice.availableSeats);
  const description = route.description.trim();
  const legPrices = legPricesToPost(route, seatsPrice);
  return {
    vehicleId: seatsPrice.selectedVehicle?.id ?? '',
    fromCity: cityOf(from),
    toCity: cityOf(to),
    fromLocation: from.name,
    toLocation: to.name,
    fromLatitude: from.latitude,
    fromLongitude: from.longitude,
    fromLocalityArea: from.district || from.locality,
    fromRegion: from.region,
    fromPlaceId: from.place_id,
    toLatitude: to.latitude,
    toLongitude: to.longitude,
    toLocalityArea: to.district || to.locality,
    toRegion: to.region,
    toPlaceId: to.place_id,
    stops: chosenStops(route).map((stop) => ({
      location: stop.name,
      city: cityOf(stop),
      localityArea: stop.district || stop.locality,
      region: stop.region,
      placeId: stop.place_id,
      latitude: stop.latitude,
      longitude: stop.longitude,
      stopType: 'either',
      meetingPoint: stop.meetingPoint,
    })),
    departureDate: dateTime.date,
    departureTime: dateTime.time,
    availableSeats,
    // The spec: the vehicle's seats, else the seats offered (the server takes the vehicle's anyway).
    totalSeats: seatsPrice.selectedVehicle?.seats ?? availableSeats,
    pricePerSeat: toDecimalCedis(toPesewas(seatsPrice.pricePerSeat)),
    currency,
    description: description === '' ? undefined : description,
    duration,
    pickupStation: pickupStationOf(route),
    bookingMode: seatsPrice.bookingMode ?? 'instant',
    preferences: seatsPrice.preferences ?? defaultPreferences,
    womenOnly: seatsPrice.womenOnly ?? false,
    ...(Object.keys(legPrices).length > 0 ? { legPrices } : {}),
  };
}
