import type { Transaction } from '@krom/server-kit/outbox';
import { ledgerAccounts } from '../ledger/accounts.ts';
import { postEntry } from '../ledger/post-entry.ts';
import type { Movement } from '../providers/mobile-money/port.ts';
import type { PaymentRow } from './payment-facts.ts';

/** The `collection` entry of a payment's money arriving, and the gateway's fee when it reports one (each once, by reference). */
export async function postCollection(tx: Transaction, payment: PaymentRow, movement: Pick<Movement, 'gatewayFee'>): Promise<void> {
  await postEntry(tx, {
    kind: 'collection',
    bookingId: payment.bookingId,
    reference: `collection:${payment.id}`,
    lines: [
      { account: ledgerAccounts.gatewayClearing(), debit: payment.amountPesewas },
      { account: ledgerAccounts.passengerFundsHeld(payment.bookingId), credit: payment.amountPesewas },
    ],
    memo: `Mobile money collection of booking ${payment.bookingId} through ${payment.provider}`,
  });
  if (movement.gatewayFee > 0) {
    await postEntry(tx, {
      kind: 'gateway_fee',
      bookingId: payment.bookingId,
      reference: `gateway_fee:${payment.id}`,
      lines: [
        { account: ledgerAccounts.gatewayFees(), debit: movement.gatewayFee },
        { account: ledgerAccounts.gatewayClearing(), credit: movement.gatewayFee },
      ],
      memo: `${payment.provider}'s fee on the collection of booking ${payment.bookingId}`,
    });
  }
}
