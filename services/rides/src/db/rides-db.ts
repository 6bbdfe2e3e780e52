import type { Database } from '@krom/server-kit/db';
import type * as schema from './schema.ts';

export type RidesDb = Database<typeof schema>;

/**
 * What runs a use case's own transaction: the database, or a transaction it then runs in as a
 * savepoint (an SMS command runs the booking's rules inside the transaction that answers it).
 */
export type TransactionRunner = Pick<RidesDb, 'transaction'>;
