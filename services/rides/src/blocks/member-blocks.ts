import type { BlockedMember } from '@krom/contracts/http/member-safety';
import { memberSafetyMessages } from '@krom/contracts/http/member-safety';
import { uuid } from '@krom/contracts/http/fields';
import { HttpError } from '@krom/server-kit/errors';
import { sql } from 'drizzle-orm';
import type { RidesDb } from '../db/rides-db.ts';
import type { SqlRunner } from '../rides/ride-views.ts';

/*
 * Blocks between members. A block is one member's decision but keeps both apart: neither sees
 * the other's rides in search, neither books the other's rides, and a driver does not accept a
 * request from a member they blocked (or who blocked them since). Bookings already confirmed
 * between them stay as they are: cancelling them would move money (refunds, fees) on a decision
 * the other member did not make; either side may still cancel by the usual policy.
 */

type BlockRow = { memberId: string; firstName: string; lastName: string; profileImageUrl: string | null; blockedAt: Date | string };

const toBlockedMember = (row: BlockRow): BlockedMember => ({ ...row, blockedAt: new Date(row.blockedAt).toISOString() });

/** `blockerId` blocks `memberId` (a member rides knows of); `created` false when they already had. */
export async function blockMember(db: SqlRunner, blockerId: string, memberId: string, now = new Date()): Promise<{ created: boolean; block: BlockedMember }> {
  if (memberId === blockerId) throw new HttpError(400, memberSafetyMessages.blockSelf, [{ field: 'memberId', message: memberSafetyMessages.blockSelf }]);
  const { rows } = await db.execute<{ created: boolean | null; known: boolean }>(sql`
    WITH member AS (SELECT user_id FROM user_profiles WHERE user_id = ${memberId} AND NOT deleted),
    added AS (
      INSERT INTO member_blocks (blocker_id, blocked_id, created_at)
      SELECT ${blockerId}, user_id, ${now.toISOString()}::timestamptz FROM member
      ON CONFLICT (blocker_id, blocked_id) DO NOTHING RETURNING 1)
    SELECT EXISTS (SELECT 1 FROM member) AS known, EXISTS (SELECT 1 FROM added) AS created`);
  if (!rows[0]?.known) throw new HttpError(404, memberSafetyMessages.memberNotFound);
  const [block] = await blocksOf(db, blockerId, memberId);
  if (!block) throw new Error('block vanished after insert');
  return { created: rows[0].created === true, block };
}

/** `blockerId` unblocks `memberId`; nothing happens when there was no block (or the id is not one). */
export async function unblockMember(db: SqlRunner, blockerId: string, memberId: string): Promise<void> {
  if (!uuid.safeParse(memberId).success) return;
  await db.execute(sql`DELETE FROM member_blocks WHERE blocker_id = ${blockerId} AND blocked_id = ${memberId}`);
}

/** The members `blockerId` blocked, most recent first (or the one `memberId`). */
export async function blocksOf(db: SqlRunner, blockerId: string, memberId?: string): Promise<BlockedMember[]> {
  const one = memberId === undefined ? sql`` : sql`AND b.blocked_id = ${memberId}`;
  const { rows } = await db.execute<BlockRow>(sql`
    SELECT b.blocked_id AS "memberId", p.first_name AS "firstName", p.last_name AS "lastName",
           p.profile_image_url AS "profileImageUrl", b.created_at AS "blockedAt"
      FROM member_blocks b JOIN user_profiles p ON p.user_id = b.blocked_id
     WHERE b.blocker_id = ${blockerId} ${one}
     ORDER BY b.created_at DESC, b.blocked_id`);
  return rows.map(toBlockedMember);
}

/**
 * The members kept apart from `userId` (whom they blocked and who blocked them), sorted, so two
 * callers with the same set share a search answer. Two index reads; most members have none. Every
 * signed-in search asks it first: a named statement, prepared once per connection.
 */
export async function membersApartFrom(db: Pick<RidesDb, '$client'>, userId: string): Promise<string[]> {
  const { rows } = await db.$client.query<{ id: string }>({
    name: 'rides-members-apart-from',
    text: `SELECT blocked_id AS id FROM member_blocks WHERE blocker_id = $1
           UNION SELECT blocker_id FROM member_blocks WHERE blocked_id = $1
           ORDER BY id`,
    values: [userId],
  });
  return rows.map((row) => row.id);
}

/** Who of the two blocked the other, if either did: 'me' (`userId` blocked `otherId`), 'them', or undefined. */
export async function blockBetween(db: SqlRunner, userId: string, otherId: string): Promise<'me' | 'them' | undefined> {
  const { rows } = await db.execute<{ byMe: boolean; byThem: boolean }>(sql`
    SELECT EXISTS (SELECT 1 FROM member_blocks WHERE blocker_id = ${userId} AND blocked_id = ${otherId}) AS "byMe",
           EXISTS (SELECT 1 FROM member_blocks WHERE blocker_id = ${otherId} AND blocked_id = ${userId}) AS "byThem"`);
  if (rows[0]?.byMe) return 'me';
  if (rows[0]?.byThem) return 'them';
  return undefined;
}
