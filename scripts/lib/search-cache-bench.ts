import { rideSearchQuerySchema } from '@krom/contracts/http/rides';
import { searchAnswers } from '@krom/rides-service/search-cache';
import { drizzle } from 'drizzle-orm/node-postgres';
import type pg from 'pg';

export type KeptAnswers = { answered: number; ran: number };
export type KeptAnswersFigures = { writes: number; seconds: number; dated: KeptAnswers; dateless: KeptAnswers };

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Runs `step` every `1000 / perSecond` ms until `until`, one at a time (a late step is not made up twice). */
async function paced(perSecond: number, until: number, step: () => Promise<void>): Promise<number> {
  const began = performance.now();
  let done = 0;
  while (performance.now() < until) {
    await step();
    done += 1;
    const next = began + (done * 1000) / perSecond;
    if (next > performance.now()) await pause(next - performance.now());
  }
  return done;
}

/**
 * The rides service's kept search answers (its own searchAnswers, the module the service's route
 * uses) while seats are taken on rides of other days at `writesPerSecond`: how many searches for
 * `search` on its day were answered from a kept answer and how many ran their query again, and the
 * same for that search without its date, which depends on every day (what one counter for the
 * whole table gave every search). Each write takes or gives back a seat, as a booking or its
 * cancellation would, in its own transaction.
 */
export async function measureKeptAnswers(
  pool: pg.Pool,
  { search, seconds, writesPerSecond = 20, searchesPerSecond = 20 }: { search: string; seconds: number; writesPerSecond?: number; searchesPerSecond?: number },
): Promise<KeptAnswersFigures> {
  const query = rideSearchQuerySchema.parse(Object.fromEntries(new URLSearchParams(search)));
  if (query.date === undefined) throw new Error(`the search ${search} names no date`);
  const { date, ...anyDay } = query;
  const others = await pool.query<{ id: string }>(
    `SELECT id FROM rides WHERE departure_date <> $1::date AND departure_date >= current_date AND status = 'active' ORDER BY random() LIMIT 2000`,
    [date],
  );
  if (others.rows.length === 0) throw new Error('no ride of another day to write to');
  const db = drizzle(pool);
  const dated = searchAnswers(db, { ttlMs: 10_000 });
  const dateless = searchAnswers(db, { ttlMs: 10_000 });
  await Promise.all([dated.answer(query), dateless.answer(anyDay)]);
  const before = { dated: dated.counts(), dateless: dateless.counts() };
  const until = performance.now() + seconds * 1000;
  let next = 0;
  const [writes] = await Promise.all([
    paced(writesPerSecond, until, async () => {
      const id = others.rows[next++ % others.rows.length]!.id;
      await pool.query(
        'UPDATE rides SET available_seats = CASE WHEN available_seats > 0 THEN available_seats - 1 ELSE available_seats + 1 END WHERE id = $1',
        [id],
      );
    }),
    paced(searchesPerSecond, until, async () => void (await dated.answer(query))),
    paced(searchesPerSecond, until, async () => void (await dateless.answer(anyDay))),
  ]);
  const since = (now: KeptAnswers, then: KeptAnswers) => ({ answered: now.answered - then.answered, ran: now.ran - then.ran });
  return { writes, seconds, dated: since(dated.counts(), before.dated), dateless: since(dateless.counts(), before.dateless) };
}

/** One line of figures: kept answers against queries run again, for the day's search and the dateless one. */
export function describeKeptAnswers({ writes, seconds, dated, dateless }: KeptAnswersFigures): string {
  const line = ({ answered, ran }: KeptAnswers) => `${answered - ran} kept / ${ran} run again (${((answered - ran) / Math.max(ran, 1)).toFixed(1)}:1)`;
  return (
    `search answers while ${writes} seats were taken on other days in ${seconds} s (${(writes / seconds).toFixed(1)} writes/s): ` +
    `that day's search ${line(dated)}; the same search over every day ${line(dateless)}`
  );
}
