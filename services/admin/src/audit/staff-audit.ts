import type { EventEnvelope } from '@krom/contracts/envelope';
import type { StaffAction } from '@krom/contracts/events/staff-actions';
import type { StaffAuditEntry, staffAuditQuerySchema } from '@krom/contracts/http/staff-audit';
import { type StaffRole, staffRoles } from '@krom/contracts/http/staff-roles-values';
import { type EventRule, once } from '@krom/server-kit/consumer';
import { uuid } from '@krom/contracts/http/fields';
import { HttpError } from '@krom/server-kit/errors';
import { and, desc, eq, gte, lte, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { AdminDb } from '../db/admin-db.ts';
import { staffAuditLog } from '../db/schema.ts';

/** The service a `krom.<service>.staff_action.recorded.v1` subject names. */
const serviceOf = (subject: string) => subject.split('.')[1] ?? 'unknown';

/**
 * Keeps a staff action in the audit log once: the event's id is claimed in handled_events with
 * the row, and the row's own unique `event_id` holds after handled_events has been pruned.
 */
export function recordStaffAction(db: AdminDb): EventRule<StaffAction> {
  return once(db, {
    inTransaction: async (tx, envelope: EventEnvelope<StaffAction>) => {
      const action = envelope.data;
      await tx
        .insert(staffAuditLog)
        .values({
          eventId: envelope.id,
          service: serviceOf(envelope.type),
          actorId: action.actorId,
          actorRoles: action.actorRoles,
          action: action.action,
          targetType: action.targetType,
          targetId: action.targetId,
          reason: action.reason,
          details: action.details,
          actedAt: new Date(action.actedAt),
        })
        .onConflictDoNothing();
    },
  });
}

/** A page's end as the next page's `before`: the last entry's time and id, opaque to callers. */
const cursorOf = (entry: { actedAt: Date; id: string }) => Buffer.from(`${entry.actedAt.toISOString()}|${entry.id}`).toString('base64url');

/** The time and id a `before` cursor names; a cursor that is not one of ours is a 400, as any bad filter. */
function readCursor(cursor: string): { actedAt: Date; id: string } {
  const [at, id] = Buffer.from(cursor, 'base64url').toString().split('|');
  const actedAt = new Date(at ?? '');
  if (Number.isNaN(actedAt.getTime()) || !uuid.safeParse(id).success) throw new HttpError(400, 'Unknown page of the audit log');
  return { actedAt, id: id as string };
}

/**
 * The log, newest first (by the time acted, then id, so entries of the same millisecond keep one
 * order), filtered by actor, action, target and the time acted (inclusive), a page at a time:
 * `before` is the cursor of the page before, and `nextCursor` is null on the last page.
 */
export async function listStaffAudit(db: AdminDb, query: z.output<typeof staffAuditQuerySchema>): Promise<{ entries: StaffAuditEntry[]; nextCursor: string | null }> {
  const filters: SQL[] = [];
  if (query.actorId) filters.push(eq(staffAuditLog.actorId, query.actorId));
  if (query.action) filters.push(eq(staffAuditLog.action, query.action));
  if (query.targetType) filters.push(eq(staffAuditLog.targetType, query.targetType));
  if (query.targetId) filters.push(eq(staffAuditLog.targetId, query.targetId));
  if (query.from) filters.push(gte(staffAuditLog.actedAt, new Date(query.from)));
  if (query.to) filters.push(lte(staffAuditLog.actedAt, new Date(query.to)));
  if (query.before) {
    const after = readCursor(query.before);
    filters.push(sql`(${staffAuditLog.actedAt}, ${staffAuditLog.id}) < (${after.actedAt.toISOString()}::timestamptz, ${after.id}::uuid)`);
  }
  const found = await db
    .select()
    .from(staffAuditLog)
    .where(and(...filters))
    .orderBy(desc(staffAuditLog.actedAt), desc(staffAuditLog.id))
    .limit(query.limit + 1);
  const rows = found.slice(0, query.limit);
  const last = rows.at(-1);
  const nextCursor = found.length > query.limit && last ? cursorOf(last) : null;
  return { entries: toEntries(rows), nextCursor };
}

function toEntries(rows: (typeof staffAuditLog.$inferSelect)[]): StaffAuditEntry[] {
  return rows.map((row) => ({
    id: row.id,
    service: row.service,
    actorId: row.actorId,
    actorRoles: staffRoles.filter((role: StaffRole) => row.actorRoles.includes(role)),
    action: row.action,
    targetType: row.targetType,
    targetId: row.targetId,
    reason: row.reason,
    details: row.details as StaffAuditEntry['details'],
    actedAt: row.actedAt.toISOString(),
  }));
}
