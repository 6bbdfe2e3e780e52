/** What other features may use of the payments feature: where a booking's ledger and the Payments tab are, and staff's words for money. */
export { bookingLedgerPath, paymentsTabPath } from './components/booking-ledger-path.ts';
export { PaymentStatusBadge } from './components/payment-status-badge.tsx';
export { payoutStatusLabels, pesewasText, refundCauseLabels, refundStatusLabels } from './payment-labels.ts';
