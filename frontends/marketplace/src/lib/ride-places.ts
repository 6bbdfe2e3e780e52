import type { RideSummary } from '@krom/contracts/http/rides';

/*
 * A ride's places as a booking numbers them (contracts' bookings): 0 its departure, 1..n its stops
 * in stopOrder, n + 1 its destination. A passenger's leg is where they board and where they leave,
 * two of these indexes, boarding first. The listing, the preview and the booking screen carry the
 * leg from one to the next in the address (`board`, `alight`), with the seats asked for (`seats`).
 */

export type RidePlace = { index: number; name: string; town: string; meetingPoint: string | null };

/** The ride's places in route order, each with its index, the place's name, its town and where to meet there. */
export function ridePlaces(ride: Pick<RideSummary, 'fromLocation' | 'fromCity' | 'toLocation' | 'toCity' | 'stops'>): RidePlace[] {
  const stops = [...ride.stops].sort((a, b) => a.stopOrder - b.stopOrder);
  return [
    { index: 0, name: ride.fromLocation, town: ride.fromCity, meetingPoint: null },
    ...stops.map((stop, position) => ({ index: position + 1, name: stop.location, town: stop.city ?? stop.location, meetingPoint: stop.meetingPoint })),
    { index: stops.length + 1, name: ride.toLocation, town: ride.toCity, meetingPoint: null },
  ];
}

export type Leg = { board: number; alight: number };

/** Whether `leg` is a leg of a ride with these places: both ends among them, boarding first. */
export const isLegOf = (leg: Leg, places: readonly RidePlace[]) =>
  Number.isInteger(leg.board) && Number.isInteger(leg.alight) && leg.board >= 0 && leg.alight > leg.board && leg.alight < places.length;

/** "Nkawkaw → Kumasi": a leg by its towns. */
export const legText = (leg: Leg, places: readonly RidePlace[]) => `${places[leg.board]?.town ?? ''} → ${places[leg.alight]?.town ?? ''}`;

/**
 * The leg a search for `from` → `to` found on this ride: the first place whose town or name holds
 * the searched text (as the search matches a town), and the first such place after it for `to`.
 * A side not searched, or not found among the places (found by coordinates nearby), is the route's end.
 */
export function legOfSearch(places: readonly RidePlace[], from: string | null | undefined, to: string | null | undefined): Leg {
  const matches = (place: RidePlace, text: string) => [place.town, place.name].some((value) => value.toLowerCase().includes(text));
  const find = (text: string | null | undefined, after: number, before: number) => {
    const wanted = text?.trim().toLowerCase();
    if (!wanted) return undefined;
    return places.find((place) => place.index > after && place.index < before && matches(place, wanted))?.index;
  };
  const lastIndex = places.length - 1;
  const board = find(from, -1, lastIndex) ?? 0;
  const alight = find(to, board, places.length) ?? lastIndex;
  return { board, alight };
}

/**
 * The leg an address carries (`board`, `alight`), else the one its searched `from`/`to` text finds,
 * else the whole route. A leg that is not one of this ride's (a stale or edited link) is ignored.
 */
export function legOfAddress(places: readonly RidePlace[], params: URLSearchParams): Leg {
  if (params.has('board') || params.has('alight')) {
    const leg = { board: Number(params.get('board') ?? 0), alight: Number(params.get('alight') ?? places.length - 1) };
    if (isLegOf(leg, places)) return leg;
  }
  return legOfSearch(places, params.get('from'), params.get('to'));
}

/** The seats asked for in the address (`?seats=`, carried from the listing's search), within 1 and the seats left. */
export function seatsWanted(asked: string | null, availableSeats: number): number {
  const seats = Number(asked);
  return Number.isInteger(seats) ? Math.min(Math.max(1, seats), Math.max(1, availableSeats)) : 1;
}
