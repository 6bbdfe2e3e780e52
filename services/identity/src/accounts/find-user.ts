import { accountErrors } from '@krom/contracts/http/auth';
import { HttpError } from '@krom/server-kit/errors';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { IdentityDb } from '../db/identity-db.ts';
import { users } from '../db/schema.ts';
import type { UserRow, UserViewRow } from './user-view.ts';

type Reader = Pick<IdentityDb, 'select'>;

/** The live account with this id; a deleted or unknown one is a 404 (the BFF then signs out). */
export async function findLiveUser(db: Reader, userId: string): Promise<UserRow> {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.id, userId), isNull(users.deletedAt)));
  if (!row) throw new HttpError(404, accountErrors.notFound);
  return row;
}

const viewColumns = {
  id: users.id,
  firstName: users.firstName,
  lastName: users.lastName,
  email: users.email,
  phone: users.phone,
  emergencyContactName: users.emergencyContactName,
  emergencyContactPhone: users.emergencyContactPhone,
  gender: users.gender,
  profileImageUrl: users.profileImageUrl,
  isVerified: users.isVerified,
  verificationStatus: users.verificationStatus,
  isDriver: users.isDriver,
  driverVerificationStatus: users.driverVerificationStatus,
  createdAt: users.createdAt,
} satisfies Record<keyof UserViewRow, unknown>;

const prepareFindView = (db: IdentityDb) =>
  db
    .select(viewColumns)
    .from(users)
    .where(and(eq(users.id, sql.placeholder('userId')), isNull(users.deletedAt)))
    .prepare('identity_find_live_user_view');
const findViewQueries = new WeakMap<IdentityDb, ReturnType<typeof prepareFindView>>();

/**
 * What screens show of the live account with this id (the current user on every signed-in page),
 * or a 404. The query is built once per database and prepared once per connection: building
 * drizzle's SQL and planning it again on every request cost more than the lookup itself.
 */
export async function findLiveUserView(db: IdentityDb, userId: string): Promise<UserViewRow> {
  let query = findViewQueries.get(db);
  if (!query) {
    query = prepareFindView(db);
    findViewQueries.set(db, query);
  }
  const [row] = await query.execute({ userId });
  if (!row) throw new HttpError(404, accountErrors.notFound);
  return row;
}
