import type { Transaction } from '@krom/server-kit/outbox';
import { sql } from 'drizzle-orm';
import type { NotificationsConfig } from '../config.ts';
import { notifications } from '../db/schema.ts';

/** How many ride-match notices one passenger gets in 24 hours: of one driver's rides, and in all. */
export type MatchNoticeBounds = { perDriverDaily: number; perMemberDaily: number };

export function matchNoticeBoundsFrom(config: NotificationsConfig): MatchNoticeBounds {
  return { perDriverDaily: config.MATCH_NOTICES_PER_DRIVER_DAILY, perMemberDaily: config.MATCH_NOTICES_PER_MEMBER_DAILY };
}

/**
 * Whether the passenger may be told of one more match, by any channel: fewer than the bounds of
 * match notices in the last 24 hours, of this driver's rides and in all. The notices themselves
 * are the count (a match left untold has none), under a lock on the passenger so two matches
 * handled at once cannot both take the last place. An event without the driver is bounded in all only.
 */
export async function matchNoticeAllowed(tx: Transaction, match: { passengerId: string; driverId?: string | undefined }, bounds: MatchNoticeBounds): Promise<boolean> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtextextended(${`match-notices:${match.passengerId}`}, 0))`);
  const [told] = await tx
    .select({
      inAll: sql<number>`count(*)::int`,
      ofDriver: match.driverId ? sql<number>`count(*) FILTER (WHERE ${notifications.data}->>'driverId' = ${match.driverId})::int` : sql<number>`0`,
    })
    .from(notifications)
    .where(
      sql`${notifications.userId} = ${match.passengerId} AND ${notifications.type} = 'ride_request' AND ${notifications.data} ? 'rideId' AND ${notifications.createdAt} > now() - interval '24 hours'`,
    );
  return !told || (told.inAll < bounds.perMemberDaily && told.ofDriver < bounds.perDriverDaily);
}
