import { type PriceGuide, priceGuide } from '@krom/contracts/http/rides';
import { estimatedRoadDistanceKm, type RoutePoint } from '@krom/contracts/http/places';
import type { KnownPlaces, PlaceClaim } from './known-places.ts';

/**
 * What a ride's price is checked against: the settings (FUEL_COST_PER_KM_GHS and
 * MIN_PRICE_CAP_GHS) and the places the server knows, which the route's distance is taken from.
 */
export type Pricing = { fuelCostPerKm: number; minimumCap: number; places: KnownPlaces };

/** The price guide for a route through these points, in order, with its distance and currency. */
export function priceGuideFor(points: readonly RoutePoint[], pricing: Omit<Pricing, 'places'>): PriceGuide {
  const distanceKm = estimatedRoadDistanceKm(points);
  return { distanceKm, currency: 'GHS', ...priceGuide(distanceKm, pricing.fuelCostPerKm, pricing.minimumCap) };
}

/** A ride's places as posted or stored: departure, stops in order, destination. */
export type RouteClaim = { from: PlaceClaim; stops: readonly PlaceClaim[]; to: PlaceClaim };

/**
 * The highest price per seat a route allows, as text with two decimals, with why it may be lower
 * than the trip: `unplaced` names a departure or destination the server cannot find (the cap is
 * then a short trip's), `misplaced` the places whose coordinates lie away from the place they name
 * (posting refuses them; see known-places.ts), as the request's fields.
 */
export type RouteCap = { cap: string; unplaced?: string; misplaced: { field: string; name: string }[] };

/**
 * The cap from the places the server knows, never from coordinates the client alone vouches for:
 * the distance runs through the departure, the stops the server can place (another is left out,
 * so a stop never raises the cap unvouched) and the destination. When the departure or the
 * destination cannot be placed, the cap is a short trip's (the minimum cap).
 */
export function routeCapFor(route: RouteClaim, pricing: Pricing): RouteCap {
  const misplaced: RouteCap['misplaced'] = [];
  const pointOf = (claim: PlaceClaim, field: string): RoutePoint | undefined => {
    const located = pricing.places.locate(claim);
    if (located.kind === 'elsewhere') misplaced.push({ field, name: claim.location });
    return located.kind === 'placed' ? located.point : undefined;
  };
  const start = pointOf(route.from, 'fromLocation');
  const via = route.stops.flatMap((stop, index) => pointOf(stop, `stops.${index}.location`) ?? []);
  const end = pointOf(route.to, 'toLocation');
  if (!start || !end) {
    const unplaced = start ? route.to.location : route.from.location;
    return { cap: priceGuide(0, pricing.fuelCostPerKm, pricing.minimumCap).maxPricePerSeat, unplaced, misplaced };
  }
  return { cap: priceGuideFor([start, ...via, end], pricing).maxPricePerSeat, misplaced };
}
