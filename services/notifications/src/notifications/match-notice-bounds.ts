import type { Transaction } from '@krom/server-kit/outbox';
import { sql } from 'drizzle-orm';
import type { NotificationsConfig } from '../config.ts';
import { notifications } from '../db/schema.ts';
import { CHANGE_NOTICE_KIND } from './ride-change-notices.ts';

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
 * Change notices of a ride (kind 'change') are not matches: a driver editing a ride over and over
 * must not use up the passenger's allowance and silence other drivers' matches. Rows from before
 * notices had a kind count as matches, the cautious reading, and leave the window within a day.
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
      sql`${notifications.userId} = ${match.passengerId} AND ${notifications.type} = 'ride_request' AND ${notifications.data} ? 'rideId' AND ${notifications.data}->>'kind' IS DISTINCT FROM ${CHANGE_NOTICE_KIND} AND ${notifications.createdAt} > now() - interval '24 hours'`,
    );
  return !told || (told.inAll < bounds.perMemberDaily && told.ofDriver < bounds.perDriverDaily);
}

/**
 * Change notices one passenger gets about one ride in 24 hours. A driver may edit a ride as often
 * as they like; turning its price up and down must not text a passenger each time. Three covers the
 * real news of a day (moved, dearer, fewer seats); the ride's page always shows it as it is now.
 */
export const RIDE_CHANGE_NOTICES_PER_RIDE_DAILY = 3;

/**
 * Whether the passenger may be told of one more change of the ride: fewer than
 * RIDE_CHANGE_NOTICES_PER_RIDE_DAILY change notices of it in the last 24 hours, counted under a
 * lock on the passenger and ride as matchNoticeAllowed does.
 */
export async function rideChangeNoticeAllowed(tx: Transaction, change: { passengerId: string; rideId: string }): Promise<boolean> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtextextended(${`ride-change-notices:${change.passengerId}:${change.rideId}`}, 0))`);
  const [told] = await tx
    .select({ count: sql<number>`count(*)::int` })
    .from(notifications)
    .where(
      sql`${notifications.userId} = ${change.passengerId} AND ${notifications.type} = 'ride_request' AND ${notifications.data}->>'kind' = ${CHANGE_NOTICE_KIND} AND ${notifications.data}->>'rideId' = ${change.rideId} AND ${notifications.createdAt} > now() - interval '24 hours'`,
    );
  return !told || told.count < RIDE_CHANGE_NOTICES_PER_RIDE_DAILY;
}
