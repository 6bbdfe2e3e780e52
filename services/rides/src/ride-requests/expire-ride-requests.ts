import { rideRequestExpired } from '@krom/contracts/events/rides';
import type { RideRequestKind } from '@krom/contracts/http/ride-requests';
import { recordEvent } from '@krom/server-kit/outbox';
import { sql } from 'drizzle-orm';
import type { RidesDb } from '../db/rides-db.ts';

/** How many requests one run expires at most; the rest wait for the next run. */
const expiryBatch = 500;

/**
 * Active requests and saved searches past their `expires_at` — the end of their preferred date in Ghana
 * (`rideRequestExpiry`: Ghana keeps GMT, so the date's last instant in UTC), or their lifetime for
 * any date — become `expired` (version + 1), each with its `ride_request.expired` event, in one
 * transaction per run. The update is conditional (still active, still past), so two runs at once,
 * or a cancellation meanwhile, expire each request at most once. Run by the sweeps' schedule with
 * the clock's time.
 */
export async function expireRideRequests(db: RidesDb, now: Date): Promise<{ changed: number }> {
  const at = now.toISOString();
  return db.transaction(async (tx) => {
    const { rows } = await tx.execute<{
      id: string;
      kind: RideRequestKind;
      userId: string;
      fromLocation: string;
      toLocation: string;
      preferredDepartureDate: string | null;
      version: number;
    }>(sql`
      UPDATE ride_requests q SET status = 'expired', version = q.version + 1
      FROM (
        SELECT id FROM ride_requests WHERE status = 'active' AND expires_at <= ${at}::timestamptz
        ORDER BY expires_at, id LIMIT ${expiryBatch}::int FOR UPDATE SKIP LOCKED
      ) due
      WHERE q.id = due.id
      RETURNING q.id, q.kind, q.user_id AS "userId", q.from_location AS "fromLocation", q.to_location AS "toLocation",
        q.preferred_departure_date::text AS "preferredDepartureDate", q.version`);
    // A saved search lapses quietly: the member is told of a request's end only (its notice speaks of a request).
    for (const request of rows.filter((row) => row.kind === 'request').sort((a, b) => a.id.localeCompare(b.id))) {
      await recordEvent(tx, rideRequestExpired, {
        requestId: request.id,
        passengerId: request.userId,
        fromLocation: request.fromLocation,
        toLocation: request.toLocation,
        preferredDepartureDate: request.preferredDepartureDate,
        expiredAt: at,
        version: request.version,
      });
    }
    return { changed: rows.length };
  });
}
