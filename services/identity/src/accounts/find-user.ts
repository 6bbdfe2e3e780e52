import { accountErrors } from '@krom/contracts/http/auth';
import { HttpError } from '@krom/server-kit/errors';
import { and, eq, isNull } from 'drizzle-orm';
import type { IdentityDb } from '../db/identity-db.ts';
import { users } from '../db/schema.ts';
import type { UserRow } from './user-view.ts';

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
