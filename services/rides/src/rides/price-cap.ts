import { type PriceGuide, priceGuide } from '@krom/contracts/http/rides';
import { estimatedRoadDistanceKm, type RoutePoint } from '@krom/contracts/http/places';

/** The settings a ride's price is checked against (FUEL_COST_PER_KM_GHS and MIN_PRICE_CAP_GHS). */
export type Pricing = { fuelCostPerKm: number; minimumCap: number };

/**
 * The road distance the cap assumes when a ride names no coordinates (a client that sent only
 * names): about the longest trip inside Ghana (Half Assini to Bawku by road), so no real trip is
 * refused, while a price of thousands of cedis a seat still is.
 */
export const longestGhanaTripKm = 1000;

export type MaybePoint = { latitude?: number | null | undefined; longitude?: number | null | undefined };

/** The point when both coordinates are known. */
export const knownPoint = (point: MaybePoint): RoutePoint | undefined =>
  point.latitude == null || point.longitude == null ? undefined : { latitude: point.latitude, longitude: point.longitude };

/** The price guide for a route through these points, in order, with its distance and currency. */
export function priceGuideFor(points: readonly RoutePoint[], pricing: Pricing): PriceGuide {
  const distanceKm = estimatedRoadDistanceKm(points);
  return { distanceKm, currency: 'GHS', ...priceGuide(distanceKm, pricing.fuelCostPerKm, pricing.minimumCap) };
}

/**
 * The highest price per seat a ride may ask, as text with two decimals. With the departure's and
 * destination's coordinates, the distance runs through the stops that have coordinates too (a
 * stop without them is left out: the wizard always sends them). Without them, the cap of the
 * longest trip in Ghana applies.
 */
export function priceCapFor(from: MaybePoint, stops: readonly MaybePoint[], to: MaybePoint, pricing: Pricing): string {
  const start = knownPoint(from);
  const end = knownPoint(to);
  if (!start || !end) return priceGuide(longestGhanaTripKm, pricing.fuelCostPerKm, pricing.minimumCap).maxPricePerSeat;
  const via = stops.map(knownPoint).filter((point): point is RoutePoint => point !== undefined);
  return priceGuideFor([start, ...via, end], pricing).maxPricePerSeat;
}

/** Compares cedi amounts given as text in whole pesewas, so no float rounding decides a refusal. */
export const pesewas = (amount: string | number) => Math.round(Number(amount) * 100);
