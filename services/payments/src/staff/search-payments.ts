import { type StaffPaymentList, staffPaymentPageSize, type staffPaymentSearchQuerySchema } from '@krom/contracts/http/staff-payments';
import { and, desc, eq, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { PaymentsDb } from '../db/payments-db.ts';
import { payments } from '../db/schema.ts';
import { staffPaymentView } from './staff-payment-view.ts';

/**
 * Payments matching every filter given (status, booking, the wallet's number in its stored local
 * form, which the contract makes of a +233 number too), newest first, a page at a time. One row
 * more than a page is read to know whether another page follows.
 */
export async function searchPayments(db: PaymentsDb, query: z.output<typeof staffPaymentSearchQuerySchema>): Promise<StaffPaymentList> {
  const filters: SQL[] = [];
  if (query.status !== undefined) filters.push(eq(payments.status, query.status));
  if (query.bookingId !== undefined) filters.push(eq(payments.bookingId, query.bookingId));
  if (query.phone !== undefined) filters.push(eq(payments.walletPhone, query.phone));
  const rows = await db
    .select()
    .from(payments)
    .where(and(...filters))
    .orderBy(desc(payments.createdAt), desc(payments.id))
    .limit(staffPaymentPageSize + 1)
    .offset((query.page - 1) * staffPaymentPageSize);
  return {
    payments: rows.slice(0, staffPaymentPageSize).map(staffPaymentView),
    page: query.page,
    pageSize: staffPaymentPageSize,
    hasMore: rows.length > staffPaymentPageSize,
  };
}
