import { staffActionEvents } from '@krom/contracts/events/staff-actions';
import { adminErrors, type AdminUser, type CreateAdminRequest } from '@krom/contracts/http/admin';
import { type StaffRole, staffRoles } from '@krom/contracts/http/staff-roles-values';
import { recordEvent } from '@krom/server-kit/outbox';
import { HttpError } from '@krom/server-kit/errors';
import { hashPassword, verifyAgainstDecoy, verifyPassword } from '@krom/server-kit/passwords';
import { type SignInThrottleSettings, throttledSignIn } from '@krom/server-kit/sign-in-throttle';
import { asc, eq, sql } from 'drizzle-orm';
import type { AdminDb } from '../db/admin-db.ts';
import { adminUsers } from '../db/schema.ts';

/** The member of staff acting (from the BFF's assertion), as the audit log records them. */
export type StaffActor = { adminId: string; roles: readonly string[] };

const knownRoles = (roles: readonly string[]): StaffRole[] => staffRoles.filter((role) => roles.includes(role));

const toAdminUser = (row: { id: string; username: string; roles: string[]; createdAt: Date }): AdminUser => ({
  id: row.id,
  username: row.username,
  roles: knownRoles(row.roles),
  createdAt: row.createdAt.toISOString(),
});

/**
 * Adds a staff account with its roles. Made by a member of staff (`actor`), the account and its
 * `admin.created` staff action commit together; the bootstrap and the command line have no actor.
 */
export async function createAdmin(db: AdminDb, request: CreateAdminRequest, actor?: StaffActor): Promise<AdminUser> {
  const password = await hashPassword(request.password);
  return db.transaction(async (tx) => {
    const [created] = await tx
      .insert(adminUsers)
      .values({ username: request.username, password, roles: [...request.roles] })
      .onConflictDoNothing()
      .returning();
    if (!created) throw new HttpError(409, adminErrors.duplicateUsername);
    const admin = toAdminUser(created);
    if (actor) {
      await recordEvent(tx, staffActionEvents.admin, {
        actorId: actor.adminId,
        actorRoles: knownRoles(actor.roles),
        action: 'admin.created',
        targetType: 'admin',
        targetId: admin.id,
        reason: null,
        details: { username: admin.username, roles: admin.roles.join(',') },
        actedAt: created.createdAt.toISOString(),
      });
    }
    return admin;
  });
}

/** Replaces a staff account's roles; the change and its `admin.roles_changed` staff action commit together. */
export async function setAdminRoles(db: AdminDb, id: string, roles: readonly StaffRole[], actor: StaffActor): Promise<AdminUser> {
  // The administrator acting always keeps the role, so Krom is never left without one.
  if (id === actor.adminId && !roles.includes('administrator')) throw new HttpError(409, adminErrors.ownAdministratorRole);
  return db.transaction(async (tx) => {
    const [before] = await tx.select({ roles: adminUsers.roles }).from(adminUsers).where(eq(adminUsers.id, id)).for('update');
    if (!before) throw new HttpError(404, 'Unknown admin');
    const [updated] = await tx.update(adminUsers).set({ roles: [...roles] }).where(eq(adminUsers.id, id)).returning();
    if (!updated) throw new HttpError(404, 'Unknown admin');
    await recordEvent(tx, staffActionEvents.admin, {
      actorId: actor.adminId,
      actorRoles: knownRoles(actor.roles),
      action: 'admin.roles_changed',
      targetType: 'admin',
      targetId: id,
      reason: null,
      details: { from: knownRoles(before.roles).join(','), to: roles.join(',') },
      actedAt: new Date().toISOString(),
    });
    return toAdminUser(updated);
  });
}

export async function listAdmins(db: AdminDb): Promise<AdminUser[]> {
  const rows = await db.select().from(adminUsers).orderBy(asc(adminUsers.createdAt));
  return rows.map(toAdminUser);
}

export async function findAdmin(db: AdminDb, id: string): Promise<AdminUser | undefined> {
  const [row] = await db.select().from(adminUsers).where(eq(adminUsers.id, id));
  return row && toAdminUser(row);
}

/**
 * Checks a username and password. Unknown usernames cost the same hashing time as wrong
 * passwords, and both get the same answer. Wrong passwords are budgeted per username, whatever
 * client sends them: past the budget the name is locked (429 with the minutes left), the right
 * password included; unknown names lock the same way, so the lock tells nothing about who exists.
 */
export async function checkAdminCredentials(
  db: AdminDb,
  username: string,
  password: string,
  options: { now?: Date; throttle?: SignInThrottleSettings } = {},
): Promise<AdminUser> {
  const [row] = await db
    .select()
    .from(adminUsers)
    .where(sql`lower(${adminUsers.username}) = lower(${username.trim()})`);
  const admin = await throttledSignIn(
    db,
    username,
    async () => {
      const valid = row ? await verifyPassword(row.password, password) : await verifyAgainstDecoy(password);
      return row && valid ? toAdminUser(row) : undefined;
    },
    { now: options.now, settings: options.throttle },
  );
  if (!admin) throw new HttpError(401, adminErrors.invalidCredentials);
  return admin;
}

/** Creates the first admin from configuration on a fresh install, with every role; does nothing once one exists. */
export async function bootstrapFirstAdmin(db: AdminDb, username?: string, password?: string): Promise<AdminUser | undefined> {
  if (!username || !password) return undefined;
  const [existing] = await db.select({ id: adminUsers.id }).from(adminUsers).limit(1);
  if (existing) return undefined;
  return createAdmin(db, { username, password, roles: [...staffRoles] }).catch((error: unknown) => {
    if (error instanceof HttpError && error.statusCode === 409) return undefined;
    throw error;
  });
}
