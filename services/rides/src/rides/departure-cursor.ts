import { uuid } from '@krom/contracts/http/fields';
import { HttpError } from '@krom/server-kit/errors';
import { type SQL, sql } from 'drizzle-orm';

/*
 * The cursor of staff's lists in newest departure order (rides, bookings): the last row's
 * departure and id, so rows sharing one departure at a page's edge are neither skipped nor
 * repeated. Opaque to callers.
 */

/** A page's end as the next page's `before`. */
export const departureCursorOf = (row: { departureAt: string; id: string }) => Buffer.from(`${row.departureAt}|${row.id}`).toString('base64url');

/**
 * The rows after the one `cursor` names in (departure, id) descending order, as a WHERE condition
 * on `departureAt` and `id`; a cursor that is not ours is a 400 saying `refusal`, as any bad filter.
 * The departure's own bound lets an index on the departure start there.
 */
export function afterDepartureCursor(cursor: string, columns: { departureAt: SQL; id: SQL }, refusal: string): SQL {
  const [at, id] = Buffer.from(cursor, 'base64url').toString().split('|');
  const departureAt = new Date(at ?? '');
  if (Number.isNaN(departureAt.getTime()) || !uuid.safeParse(id).success) throw new HttpError(400, refusal);
  const instant = departureAt.toISOString();
  return sql`${columns.departureAt} <= ${instant}::timestamptz AND (${columns.departureAt}, ${columns.id}) < (${instant}::timestamptz, ${id}::uuid)`;
}

/** Whether the departure is on or after the Ghana day `from` and on or before the day `to` (Ghana days are UTC days). */
export function departureDays(departureAt: SQL, days: { departureFrom?: string; departureTo?: string }): SQL[] {
  const filters: SQL[] = [];
  if (days.departureFrom) filters.push(sql`${departureAt} >= ${`${days.departureFrom}T00:00:00Z`}::timestamptz`);
  if (days.departureTo) filters.push(sql`${departureAt} < ${`${days.departureTo}T00:00:00Z`}::timestamptz + interval '1 day'`);
  return filters;
}

/** One page of `rows` (fetched one over `pageSize`) and the cursor to the next, null on the last. */
export function pageOf<Row extends { departureAt: string; id: string }>(rows: Row[], pageSize: number): { page: Row[]; nextCursor: string | null } {
  const page = rows.slice(0, pageSize);
  const last = page.at(-1);
  return { page, nextCursor: rows.length > pageSize && last ? departureCursorOf(last) : null };
}
