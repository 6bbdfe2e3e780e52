import { adminErrors, type AdminUser, type CreateAdminRequest } from '@krom/contracts/http/admin';
import { HttpError } from '@krom/server-kit/errors';
import { hashPassword, verifyAgainstDecoy, verifyPassword } from '@krom/server-kit/passwords';
import { type SignInThrottleSettings, throttledSignIn } from '@krom/server-kit/sign-in-throttle';
import { asc, eq, sql } from 'drizzle-orm';
import type { AdminDb } from '../db/admin-db.ts';
import { adminUsers } from '../db/schema.ts';

const toAdminUser = (row: { id: string; username: string; createdAt: Date }): AdminUser => ({
  id: row.id,
  username: row.username,
  createdAt: row.createdAt.toISOString(),
});

export async function createAdmin(db: AdminDb, request: CreateAdminRequest): Promise<AdminUser> {
  const password = await hashPassword(request.password);
  const [created] = await db
    .insert(adminUsers)
    .values({ username: request.username, password })
    .onConflictDoNothing()
    .returning();
  if (!created) throw new HttpError(409, adminErrors.duplicateUsername);
  return toAdminUser(created);
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

/** Creates the first admin from configuration on a fresh install; does nothing once one exists. */
export async function bootstrapFirstAdmin(db: AdminDb, username?: string, password?: string): Promise<AdminUser | undefined> {
  if (!username || !password) return undefined;
  const [existing] = await db.select({ id: adminUsers.id }).from(adminUsers).limit(1);
  if (existing) return undefined;
  return createAdmin(db, { username, password }).catch((error: unknown) => {
    if (error instanceof HttpError && error.statusCode === 409) return undefined;
    throw error;
  });
}
