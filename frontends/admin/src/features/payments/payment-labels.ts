import type { PaymentStatus } from '@krom/contracts/events/payments';
import { formatCedis, toDecimalCedis } from '@krom/contracts/money';
import type { StatusTone } from '@krom/ui-kit/status-badge.tsx';

/** A payment's status in words, and the colour that helps the eye. */
export const paymentStatusLabels: Record<PaymentStatus, { label: string; tone: StatusTone }> = {
  pending: { label: 'Pending', tone: 'warning' },
  needs_otp: { label: 'Waiting for voucher code', tone: 'warning' },
  succeeded: { label: 'Succeeded', tone: 'success' },
  failed: { label: 'Failed', tone: 'danger' },
};

/** A refund's status in words. */
export const refundStatusLabels: Record<string, { label: string; tone: StatusTone }> = {
  pending: { label: 'On its way', tone: 'warning' },
  succeeded: { label: 'Paid back', tone: 'success' },
  failed: { label: 'Failed', tone: 'danger' },
};

/** A payout's status in words: a failed one is tried again by itself; one needing attention waits for staff. */
export const payoutStatusLabels: Record<string, { label: string; tone: StatusTone }> = {
  scheduled: { label: 'Scheduled', tone: 'neutral' },
  sent: { label: 'Sent', tone: 'warning' },
  succeeded: { label: 'Paid out', tone: 'success' },
  failed: { label: 'Failed, trying again', tone: 'warning' },
  needs_attention: { label: 'Needs attention', tone: 'danger' },
};

/** Pesewas on a screen: `GH₵126.00`; a credit or a negative balance with its minus (`-GH₵126.00`). */
export const pesewasText = (pesewas: number) => `${pesewas < 0 ? '-' : ''}${formatCedis(toDecimalCedis(Math.abs(pesewas)))}`;

/** A ledger amount in its column: blank when nothing was moved that side. */
export const sideText = (pesewas: number) => (pesewas === 0 ? '' : pesewasText(pesewas));

/** What each ledger account is, for staff who do not read account codes. */
export const accountLabels: Record<string, string> = {
  gateway_clearing: 'Money at the gateway',
  passenger_funds_held: 'Passenger’s money held',
  service_fee_revenue: 'Service fees earned',
  driver_payable: 'Owed to the driver',
  payouts_in_transit: 'Payouts on their way',
  refunds_in_transit: 'Refunds on their way',
  gateway_fees: 'Gateway fees',
};

/** `passenger_funds_held:<booking id>` → "Passenger’s money held"; an account not listed by its code. */
export const accountLabel = (account: string) => accountLabels[account.split(':')[0] ?? account] ?? account;

export const movementLabels: Record<string, string> = {
  collections: 'Collected from passengers',
  gateway_fees: 'Gateway fees',
  refunds: 'Paid back to passengers',
  payouts: 'Paid out to drivers',
};

/** Why a refund was made, in words. */
export const refundCauseLabels: Record<string, string> = {
  cancelled_by_passenger: 'passenger cancelled',
  cancelled_by_driver: 'driver cancelled',
  cancelled: 'cancelled by staff',
  declined: 'driver declined',
  expired: 'request expired',
  late_payment: 'paid after the booking ended',
  not_boarded: 'never boarded',
  staff: 'by staff',
};
