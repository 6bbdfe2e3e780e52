import type { Payment } from '@krom/contracts/http/payments';

let sequence = 0;

/** A row of the history as the BFF answers it: a completed GH₵65.00 mobile money payment, Accra to Kumasi, unless told otherwise. */
export function aPayment(overrides: Partial<Payment>): Payment {
  sequence += 1;
  return {
    id: `00000000-0000-4000-8000-${String(sequence).padStart(12, '0')}`,
    kind: 'payment',
    receiptId: null,
    status: 'completed',
    amount: '65.00',
    currency: 'GHS',
    createdAt: '2026-11-22T09:30:00.000Z',
    paymentMethod: 'mobile_money',
    transactionId: null,
    direction: 'spent',
    booking: { ride: { from: 'Accra', to: 'Kumasi' } },
    ...overrides,
  };
}
