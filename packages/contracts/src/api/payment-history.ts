import { defineForwarded } from '../endpoint.ts';
import { driverEarningsRoute, listPaymentsRoute, paymentReceiptRoute } from '../services/payments/payment-history.ts';

/** The payments screen's and the driver dashboard's readings, as the signed-in user. */
export const getPayments = defineForwarded(listPaymentsRoute, {
  summary: "One page of the signed-in user's transactions, newest first, and this month's totals",
});

export const getPaymentReceipt = defineForwarded(paymentReceiptRoute, {
  summary: "A payment's receipt (only the passenger who made it may read it)",
});

export const getDriverEarnings = defineForwarded(driverEarningsRoute, {
  summary: 'What the signed-in driver was paid out: today, this week, this month, last month and the last 12 weeks',
});
