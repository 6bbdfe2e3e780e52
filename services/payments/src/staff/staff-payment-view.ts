import type { StaffPayment } from '@krom/contracts/http/staff-payments';
import type { payments } from '../db/schema.ts';

type PaymentRow = typeof payments.$inferSelect;

/** A payment row as staff see it: the wallet masked, the amounts in pesewas, `held` when the gateway collected another amount. */
export const staffPaymentView = (row: PaymentRow): StaffPayment => ({
  id: row.id,
  bookingId: row.bookingId,
  rideId: row.rideId,
  passengerId: row.passengerId,
  driverId: row.driverId,
  status: row.status,
  amountPesewas: row.amountPesewas,
  farePesewas: row.farePesewas,
  feePesewas: row.feePesewas,
  currency: row.currency,
  provider: row.provider,
  walletNetwork: row.walletNetwork,
  walletMasked: row.walletMasked,
  providerReference: row.providerReference,
  reason: row.reason,
  held: row.heldAt !== null,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});
