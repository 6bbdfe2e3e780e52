import { paymentReceiptErrors } from '@krom/contracts/http/payment-receipts';
import { toDecimalCedis } from '@krom/contracts/money';
import { driverEarningsRoute, exportMemberPaymentsDataRoute, listPaymentsRoute, paymentReceiptRoute } from '@krom/contracts/services/payments/payment-history';
import { routeEndpoint } from '@krom/server-kit/endpoint-route';
import { HttpError } from '@krom/server-kit/errors';
import { requireUser } from '@krom/server-kit/internal-auth';
import type { FastifyInstance } from 'fastify';
import type { PaymentsDb } from '../db/payments-db.ts';
import { memberPaymentsExport } from '../history/member-data-export.ts';
import { memberTransactions } from '../history/member-transactions.ts';
import { driverEarnings } from '../payouts/driver-earnings.ts';
import { paymentReceipt } from '../history/payment-receipt.ts';

export type PaymentHistoryDeps = { db: PaymentsDb; clock: () => Date };

/** The member's own money, read: their transactions and totals, a payment's receipt, a driver's earnings, their data download's part. */
export async function paymentHistoryRoutes(app: FastifyInstance, { db, clock }: PaymentHistoryDeps) {
  routeEndpoint(app, listPaymentsRoute, {
    handler: async (request) => memberTransactions(db, requireUser(request), request.query.page, clock()),
  });
  routeEndpoint(app, paymentReceiptRoute, {
    handler: async (request) => {
      const receipt = await paymentReceipt(db, requireUser(request), request.params.id);
      if (!receipt) throw new HttpError(404, paymentReceiptErrors.notFound);
      return receipt;
    },
  });
  routeEndpoint(app, exportMemberPaymentsDataRoute, { handler: async (request) => memberPaymentsExport(db, requireUser(request)) });
  routeEndpoint(app, driverEarningsRoute, {
    handler: async (request) => {
      const earned = await driverEarnings(db, requireUser(request), clock());
      return {
        currency: earned.currency,
        today: toDecimalCedis(earned.todayPesewas),
        thisWeek: toDecimalCedis(earned.thisWeekPesewas),
        thisMonth: toDecimalCedis(earned.thisMonthPesewas),
        lastMonth: toDecimalCedis(earned.lastMonthPesewas),
        weeks: earned.weeks.map((week) => ({ weekStart: week.weekStart, amount: toDecimalCedis(week.amountPesewas) })),
      };
    },
  });
}
