import { rideSearchResponseSchema } from '@krom/contracts/http/rides';
import { LRUCache } from 'lru-cache';
import type { RidesDb } from '../db/rides-db.ts';
import type { SqlRunner } from '../rides/ride-views.ts';
import { type RideSearch, searchRides } from './search-rides.ts';

/*
 * Answers to the listing's searches, kept as the JSON sent to the caller. A popular route and
 * day is asked for over and over, and its answer changes only when a ride of that day, its stops,
 * its vehicle or its driver changes: the database counts those changes per departure date
 * (search_date_generation, stamped at commit by the triggers of migrations 0005 and 0009; a change
 * every day shows, such as a vehicle or a driver, moves `shared`), and an answer is kept under the
 * generations it was computed at. Each search reads them (one row by primary key, one by date) and
 * reuses the answer only if nothing it depends on changed since, whichever process made the
 * change; so a ride posted, edited, cancelled or booked shows in the next search of its day, and
 * the kept answers of the other days stay. A search without a date depends on every day: it is
 * kept under the count of every change.
 *
 * What the count does not see is the clock: a kept answer may still list a ride that has left
 * since it was computed. Answers are therefore kept at most `ttlMs` (10 s by default); booking
 * refuses a ride that has left anyway.
 *
 * A member who blocked someone, or was blocked, does not see that member's rides (blocks/): their
 * search leaves those drivers out in the query itself and is kept under a key naming them (sorted),
 * so pages and totals stay right. Every search without such drivers (guests, and the members
 * without a block, nearly all) keys and runs exactly as before and shares one answer; filtering a
 * shared page afterwards would instead give short pages and wrong totals.
 *
 * Concurrent searches for one key share one database query (lru-cache's fetch), so an answer
 * expiring under load costs one query, not one per waiting caller.
 */

export type SearchCacheOptions = {
  /** How long an answer is kept at most; 0 turns the cache off (every search runs its query). */
  ttlMs: number;
  /** At most this many answers… */
  maxEntries?: number;
  /** …and this many bytes of JSON in all. */
  maxBytes?: number;
};

export type SearchAnswers = {
  /**
   * The answer to `query` as JSON, from the cache when nothing it depends on has changed, without
   * the rides of the drivers `apartFrom` (sorted ids: the caller's blocks both ways).
   */
  answer(query: RideSearch, apartFrom?: readonly string[]): Promise<string>;
  /** Answers given so far and how many of them ran the search's query (the rest were kept ones). */
  counts(): { answered: number; ran: number };
};

/** What the search reads through: the service's database, or any drizzle over its pool (the bench's). */
type SearchDb = SqlRunner & Pick<RidesDb, '$client'>;

/** The answer as the route sends it: checked against the contract once, when it is computed. */
const toJson = (answer: Awaited<ReturnType<typeof searchRides>>) => JSON.stringify(rideSearchResponseSchema.parse(answer));

/**
 * The cache key of a search: the generation of what it shows and its filters in a fixed order.
 * Texts match whatever their case (the search lower-cases them), so they are keyed lower-cased.
 */
function keyOf(generation: string, query: RideSearch, apartFrom: readonly string[]): string {
  const key = [
    generation,
    query.from?.toLowerCase() ?? null,
    query.to?.toLowerCase() ?? null,
    query.fromLatitude ?? null,
    query.fromLongitude ?? null,
    query.toLatitude ?? null,
    query.toLongitude ?? null,
    query.date ?? null,
    query.seats ?? null,
    // The preference filters: two searches differing only in them have different answers.
    query.luggage ?? null,
    query.noSmoking ?? false,
    query.pets ?? false,
    query.airConditioning ?? false,
    query.maxTwoInBack ?? false,
    query.womenOnly ?? false,
    query.page,
    query.pageSize,
  ];
  // Only a caller kept apart from someone has the drivers in the key: everyone else shares.
  return JSON.stringify(apartFrom.length > 0 ? [...key, apartFrom] : key);
}

type Asked = { query: RideSearch; apartFrom: readonly string[] };

const generationQuery = (date: string | null) => ({
  name: 'rides-search-generation',
  text: `SELECT g.value, g.shared, d.value AS day
           FROM search_generation g LEFT JOIN search_date_generation d ON d.departure_date = $1::date`,
  values: [date],
});

/**
 * The generation a search's answer depends on (a named statement, prepared once per connection):
 * with a date, what every day shows and that day's rides; without, every change.
 */
async function currentGeneration(db: SearchDb, date: string | undefined): Promise<string> {
  const { rows } = await db.$client.query<{ value: string; shared: string; day: string | null }>(generationQuery(date ?? null));
  const row = rows[0];
  if (row === undefined) return '0';
  return date === undefined ? row.value : `${row.shared}/${row.day ?? 0}`;
}

export function searchAnswers(db: SearchDb, { ttlMs, maxEntries = 2000, maxBytes = 32 * 1024 * 1024 }: SearchCacheOptions): SearchAnswers {
  const tally = { answered: 0, ran: 0 };
  const run = async ({ query, apartFrom }: Asked) => {
    tally.ran += 1;
    return toJson(await searchRides(db, query, new Date(), apartFrom));
  };
  const counts = () => ({ ...tally });
  if (ttlMs <= 0) {
    return {
      answer: (query, apartFrom = []) => {
        tally.answered += 1;
        return run({ query, apartFrom });
      },
      counts,
    };
  }
  const cache = new LRUCache<string, string, Asked>({
    max: maxEntries,
    maxSize: maxBytes,
    sizeCalculation: (json) => json.length || 1,
    ttl: ttlMs,
    fetchMethod: (_key, _stale, { context }) => run(context),
  });
  return {
    async answer(query, apartFrom = []) {
      tally.answered += 1;
      const asked = { query, apartFrom };
      const json = await cache.fetch(keyOf(await currentGeneration(db, query.date), query, apartFrom), { context: asked });
      // fetchMethod always answers a string or throws; undefined would mean it was aborted.
      if (json === undefined) return run(asked);
      return json;
    },
    counts,
  };
}
