/** Where a booking's ledger opens. */
export const bookingLedgerPath = (bookingId: string) => `/admin/payments/bookings/${bookingId}`;

/** The Payments tab, as the dashboard opens it. */
export const paymentsTabPath = '/admin?tab=payments';
