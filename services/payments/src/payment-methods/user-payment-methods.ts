import {
  type CreatePaymentMethodRequest,
  type PaymentMethod,
  type PaymentMethodWallet,
  paymentMethodErrors,
  type UpdatePaymentMethodRequest,
} from '@krom/contracts/http/payments';
import { HttpError } from '@krom/server-kit/errors';
import type { Transaction } from '@krom/server-kit/outbox';
import { and, desc, eq, ne } from 'drizzle-orm';
import type { PaymentsDb } from '../db/payments-db.ts';
import { type PaymentMethodRow, paymentMethodCodes, paymentMethods } from '../db/schema.ts';
import { lockUserPaymentMethods } from './lock-user-payment-methods.ts';
import { maskMobileNumber } from './mask-mobile-number.ts';

/*
 * A user's saved mobile money numbers. Every function takes the signed-in user's id and touches
 * only that user's rows: another user's method is "not found", never "forbidden", so ids are
 * not confirmed to anyone else.
 */

const toPaymentMethod = (row: PaymentMethodRow): PaymentMethod => ({
  id: row.id,
  type: row.type,
  provider: row.network,
  number: maskMobileNumber(row.number),
  isDefault: row.isDefault,
  verified: row.verifiedAt !== null,
});

const notFound = () => new HttpError(404, paymentMethodErrors.notFound);
const duplicate = () => new HttpError(409, paymentMethodErrors.duplicate);

const ownRow = (userId: string, id: string) => and(eq(paymentMethods.userId, userId), eq(paymentMethods.id, id));

async function findOwn(tx: Transaction, userId: string, id: string): Promise<PaymentMethodRow> {
  const [row] = await tx.select().from(paymentMethods).where(ownRow(userId, id));
  if (!row) throw notFound();
  return row;
}

async function numberTaken(tx: Transaction, userId: string, number: string, exceptId?: string): Promise<boolean> {
  const conditions = [eq(paymentMethods.userId, userId), eq(paymentMethods.number, number)];
  if (exceptId) conditions.push(ne(paymentMethods.id, exceptId));
  const [row] = await tx.select({ id: paymentMethods.id }).from(paymentMethods).where(and(...conditions));
  return row !== undefined;
}

/** Clears the current default first: the one-default index is checked row by row. */
async function moveDefaultTo(tx: Transaction, userId: string, id: string): Promise<PaymentMethodRow> {
  await tx
    .update(paymentMethods)
    .set({ isDefault: false })
    .where(and(eq(paymentMethods.userId, userId), eq(paymentMethods.isDefault, true), ne(paymentMethods.id, id)));
  const [row] = await tx.update(paymentMethods).set({ isDefault: true }).where(ownRow(userId, id)).returning();
  if (!row) throw notFound();
  return row;
}

/** The default first, then newest first. */
export async function listPaymentMethods(db: PaymentsDb, userId: string): Promise<PaymentMethod[]> {
  const rows = await db
    .select()
    .from(paymentMethods)
    .where(eq(paymentMethods.userId, userId))
    .orderBy(desc(paymentMethods.isDefault), desc(paymentMethods.createdAt), desc(paymentMethods.id));
  return rows.map(toPaymentMethod);
}

/** Saves a number; the user's first one becomes the default, and `isDefault: true` moves it here. */
export async function addPaymentMethod(db: PaymentsDb, userId: string, request: CreatePaymentMethodRequest): Promise<PaymentMethod> {
  return db.transaction(async (tx) => {
    await lockUserPaymentMethods(tx, userId);
    if (await numberTaken(tx, userId, request.number)) throw duplicate();
    const [existing] = await tx.select({ id: paymentMethods.id }).from(paymentMethods).where(eq(paymentMethods.userId, userId)).limit(1);
    const [created] = await tx
      .insert(paymentMethods)
      .values({ userId, type: 'mobile_money', network: request.provider, number: request.number })
      .returning();
    if (!created) throw new Error('payment method insert returned no row');
    if (!existing || request.isDefault) return toPaymentMethod(await moveDefaultTo(tx, userId, created.id));
    return toPaymentMethod(created);
  });
}

/**
 * Changes the network or the number of one of the user's methods. Either change un-confirms it:
 * the code proved the old number (or the old network's wallet), and a code texted to it before
 * the change is withdrawn.
 */
export async function updatePaymentMethod(
  db: PaymentsDb,
  userId: string,
  id: string,
  request: UpdatePaymentMethodRequest,
): Promise<PaymentMethod> {
  return db.transaction(async (tx) => {
    await lockUserPaymentMethods(tx, userId);
    const current = await findOwn(tx, userId, id);
    if (request.number !== undefined && request.number !== current.number && (await numberTaken(tx, userId, request.number, id))) {
      throw duplicate();
    }
    const changes = {
      ...(request.provider === undefined || request.provider === current.network ? {} : { network: request.provider }),
      ...(request.number === undefined || request.number === current.number ? {} : { number: request.number }),
    };
    if (Object.keys(changes).length === 0) return toPaymentMethod(current);
    const [updated] = await tx
      .update(paymentMethods)
      .set({ ...changes, verifiedAt: null, updatedAt: new Date() })
      .where(ownRow(userId, id))
      .returning();
    if (!updated) throw notFound();
    await tx.delete(paymentMethodCodes).where(eq(paymentMethodCodes.paymentMethodId, id));
    return toPaymentMethod(updated);
  });
}

export async function makeDefaultPaymentMethod(db: PaymentsDb, userId: string, id: string): Promise<PaymentMethod> {
  return db.transaction(async (tx) => {
    await lockUserPaymentMethods(tx, userId);
    await findOwn(tx, userId, id);
    return toPaymentMethod(await moveDefaultTo(tx, userId, id));
  });
}

/**
 * The user's method as the wallet a booking is paid from: its network and full number, confirmed
 * or not (the prompt goes to that phone and its holder approves it; only payouts need a
 * confirmed number). Another member's method, or one removed, is not found.
 */
export async function walletToPayFrom(db: PaymentsDb, userId: string, id: string): Promise<PaymentMethodWallet> {
  const [row] = await db.select().from(paymentMethods).where(ownRow(userId, id));
  if (!row) throw notFound();
  return { id: row.id, network: row.network, number: row.number };
}

/** The full number of the user's unconfirmed method, for a confirmation code (409 once confirmed). */
export async function numberToConfirm(db: PaymentsDb, userId: string, id: string): Promise<{ id: string; number: string }> {
  const [row] = await db.select().from(paymentMethods).where(ownRow(userId, id));
  if (!row) throw notFound();
  if (row.verifiedAt !== null) throw new HttpError(409, paymentMethodErrors.alreadyConfirmed);
  return { id: row.id, number: row.number };
}

/**
 * Marks the method confirmed after its code was verified, only while its number is still the one
 * the code was texted to (an edit in between un-confirmed it and the code proved the old number).
 */
export async function markPaymentMethodVerified(db: PaymentsDb, userId: string, id: string, number: string): Promise<PaymentMethod> {
  return db.transaction(async (tx) => {
    await lockUserPaymentMethods(tx, userId);
    const current = await findOwn(tx, userId, id);
    if (current.number !== number) throw new HttpError(409, paymentMethodErrors.numberChanged);
    if (current.verifiedAt !== null) return toPaymentMethod(current);
    const [updated] = await tx.update(paymentMethods).set({ verifiedAt: new Date() }).where(ownRow(userId, id)).returning();
    if (!updated) throw notFound();
    return toPaymentMethod(updated);
  });
}

/** Removes a method; when it was the default, the newest remaining one becomes the default. */
export async function removePaymentMethod(db: PaymentsDb, userId: string, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    await lockUserPaymentMethods(tx, userId);
    const [removed] = await tx.delete(paymentMethods).where(ownRow(userId, id)).returning();
    if (!removed) throw notFound();
    if (!removed.isDefault) return;
    const [newest] = await tx
      .select({ id: paymentMethods.id })
      .from(paymentMethods)
      .where(eq(paymentMethods.userId, userId))
      .orderBy(desc(paymentMethods.createdAt), desc(paymentMethods.id))
      .limit(1);
    if (newest) await moveDefaultTo(tx, userId, newest.id);
  });
}

/** An account was deleted: its numbers (and any code texted to them) go; returns how many there were. */
export async function forgetPaymentMethodsOf(tx: Transaction, userId: string): Promise<number> {
  await lockUserPaymentMethods(tx, userId);
  const removed = await tx.delete(paymentMethods).where(eq(paymentMethods.userId, userId)).returning({ id: paymentMethods.id });
  return removed.length;
}
