import type { Transaction } from '@krom/server-kit/outbox';
import { sql } from 'drizzle-orm';

/** Advisory-lock class for one user's payment methods (the first key of the two-key form). */
const PAYMENT_METHODS_LOCK = 7301;

/**
 * Serialises changes to one user's payment methods until `tx` ends, so "the first becomes
 * default" and "promote the newest" decide on what is really there, even for two requests at once.
 */
export async function lockUserPaymentMethods(tx: Transaction, userId: string): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(${PAYMENT_METHODS_LOCK}, hashtext(${userId}))`);
}
