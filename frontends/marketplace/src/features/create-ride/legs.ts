import { legKey, legPrice } from '@krom/contracts/http/leg-prices';
import { priceField, rideMessages } from '@krom/contracts/http/rides';
import { toDecimalCedis, toPesewas } from '@krom/contracts/money';
import { chosenStops } from './assemble-ride.ts';
import type { RouteDraft, SeatsPriceDraft } from './ride-draft.ts';

/*
 * The legs a driver may price in step 3: every part of the route that starts or ends at a stop
 * (the whole route is the ride's price). Places are numbered as the ride will number them: 0 the
 * departure, 1..n the chosen stops in order, n + 1 the destination.
 */

/** One leg's row: its key, its ends' names and the price the ride's price gives it (when that is an amount). */
export type LegRow = { key: string; from: string; to: string; suggested: string | undefined };

/** The route's place names in order, what the draft's leg prices were set for. */
export function routePlaceNames(route: RouteDraft): string[] {
  const { departure, destination } = route;
  if (!departure || !destination) return [];
  return [departure, ...chosenStops(route), destination].map((place) => place.name);
}

/** The legs starting or ending at a stop, with the price each costs at `pricePerSeat` (its share of the route, friendly). */
export function legRows(route: RouteDraft, pricePerSeat: string): LegRow[] {
  const { departure, destination } = route;
  if (!departure || !destination) return [];
  const places = [departure, ...chosenStops(route), destination];
  const last = places.length - 1;
  const price = priceField.safeParse(pricePerSeat.trim());
  const ride = price.success ? { pricePerSeat: toDecimalCedis(toPesewas(price.data)), places } : undefined;
  const rows: LegRow[] = [];
  for (let board = 0; board < last; board++) {
    for (let alight = board + 1; alight <= last; alight++) {
      if (board === 0 && alight === last) continue;
      rows.push({
        key: legKey(board, alight),
        from: (places[board] as { name: string }).name,
        to: (places[alight] as { name: string }).name,
        suggested: ride ? legPrice(ride, board, alight) : undefined,
      });
    }
  }
  return rows;
}

/** The draft's leg prices when they were set for this route, else none. */
export function draftLegPrices(route: RouteDraft, draft: Pick<SeatsPriceDraft, 'legPrices'>): Record<string, string> {
  const set = draft.legPrices;
  if (!set || set.places.join('\u001e') !== routePlaceNames(route).join('\u001e')) return {};
  return set.prices;
}

/** What is wrong with each leg price typed (an amount in cedis, not above the route's cap), by leg key. */
export function legPriceProblems(rows: readonly LegRow[], prices: Record<string, string>, cap: string | undefined): Record<string, string> {
  const found: Record<string, string> = {};
  for (const row of rows) {
    const typed = prices[row.key]?.trim();
    if (!typed) continue;
    const price = priceField.safeParse(typed);
    if (!price.success) found[row.key] = rideMessages.legPriceFormat;
    else if (cap && toPesewas(price.data) > toPesewas(cap)) found[row.key] = rideMessages.legPriceAboveCap(row.from, row.to, cap);
  }
  return found;
}

/** The leg prices as POST /api/rides takes them: those typed for this route, as decimal cedis. */
export function legPricesToPost(route: RouteDraft, draft: Pick<SeatsPriceDraft, 'legPrices'>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(draftLegPrices(route, draft))
      .filter(([, price]) => price.trim() !== '')
      .map(([key, price]) => [key, toDecimalCedis(toPesewas(price.trim()))]),
  );
}
