import { toDecimalCedis, toPesewas } from '../money.ts';
import { haversineKm } from './places.ts';

/*
 * Prices per leg. A ride's places are numbered along its route: 0 its departure, 1..n its stops in
 * order, n + 1 its destination. A passenger riding from place `board` to place `alight` pays for
 * their part of the route: the ride's price times the part's share of the route's distance,
 * rounded to an amount people hand over in cash (below), unless the driver set that leg's price.
 */

/** A place of the route; coordinates may be missing (a stop named by the driver alone). */
export type LegPlace = { latitude: number | null; longitude: number | null };

/** A driver's prices for legs, keyed by `legKey` ("1-3"), as decimal cedis. */
export type LegPrices = Record<string, string>;

/** The key of the leg from place `board` to place `alight` in a ride's leg prices. */
export const legKey = (board: number, alight: number) => `${board}-${alight}`;

/** `"1-3"` → [1, 3]; undefined for any other text. */
export function parseLegKey(key: string): [number, number] | undefined {
  const match = /^(\d{1,2})-(\d{1,2})$/.exec(key);
  return match ? [Number(match[1]), Number(match[2])] : undefined;
}

/** Below this a leg's price is rounded to the whole cedi, from it on to 5 cedis (pesewas). */
const legRoundingThreshold = 2000;

const located = (place: LegPlace): place is { latitude: number; longitude: number } => place.latitude !== null && place.longitude !== null;

/**
 * How far along the route each place is, in km of great-circle distance through the places in
 * order. A place without coordinates is put between its located neighbours, an equal step per
 * place. Undefined when the departure or the destination has no coordinates or the route has no
 * length: then every leg counts the same (`legShare`).
 */
function placePositionsKm(places: readonly LegPlace[]): number[] | undefined {
  const first = places[0];
  const last = places[places.length - 1];
  if (places.length < 2 || !first || !last || !located(first) || !located(last)) return undefined;
  const positions: number[] = new Array(places.length).fill(0);
  let previous = 0;
  for (let i = 1; i < places.length; i++) {
    const place = places[i] as LegPlace;
    if (!located(place)) continue;
    const from = places[previous] as { latitude: number; longitude: number };
    const km = haversineKm(from, place);
    // The unlocated places since the last located one, spread evenly over this stretch.
    for (let j = previous + 1; j <= i; j++) positions[j] = (positions[previous] as number) + (km * (j - previous)) / (i - previous);
    previous = i;
  }
  const total = positions[places.length - 1] as number;
  return total > 0 ? positions : undefined;
}

/** The share of the route's distance from `board` to `alight` (0 < share ≤ 1); the whole route is 1. */
export function legShare(places: readonly LegPlace[], board: number, alight: number): number {
  const last = places.length - 1;
  if (board === 0 && alight === last) return 1;
  const positions = placePositionsKm(places);
  if (!positions) return (alight - board) / last;
  return ((positions[alight] as number) - (positions[board] as number)) / (positions[last] as number);
}

/**
 * A part of a price as a friendly amount: to the nearest cedi below GH₵20, to the nearest GH₵5
 * from there (what trotro and taxi fares are paid in); never under GH₵1 (nor 0) and never above the
 * full price, which is what a leg costing nearly the whole ride rounds to.
 */
export function friendlyLegPesewas(exactPesewas: number, fullPesewas: number): number {
  const step = exactPesewas < legRoundingThreshold ? 100 : 500;
  const rounded = Math.round(exactPesewas / step) * step;
  return Math.min(fullPesewas, Math.max(100, rounded));
}

/** Whether `board` → `alight` is a leg of a route of `placeCount` places. */
export const isLegOf = (placeCount: number, board: number, alight: number) =>
  Number.isInteger(board) && Number.isInteger(alight) && board >= 0 && alight > board && alight < placeCount;

/**
 * The price per seat of the leg from `board` to `alight` as decimal cedis: the driver's for that
 * leg when they set one, else the ride's price × the leg's share, friendly (the whole route is the
 * ride's price exactly). Throws a RangeError for a leg the route does not have.
 */
export function legPrice(ride: { pricePerSeat: string; places: readonly LegPlace[]; legPrices?: LegPrices | null | undefined }, board: number, alight: number): string {
  if (!isLegOf(ride.places.length, board, alight)) throw new RangeError(`No leg ${legKey(board, alight)} on a route of ${ride.places.length} places`);
  const full = toPesewas(ride.pricePerSeat);
  if (board === 0 && alight === ride.places.length - 1) return toDecimalCedis(full);
  const set = ride.legPrices?.[legKey(board, alight)];
  if (set !== undefined) return toDecimalCedis(toPesewas(set));
  return toDecimalCedis(friendlyLegPesewas(full * legShare(ride.places, board, alight), full));
}
