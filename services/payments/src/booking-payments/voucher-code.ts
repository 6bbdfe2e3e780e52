import { bookingPaymentMessages } from '@krom/contracts/http/booking-payments';
import { HttpError } from '@krom/server-kit/errors';
import type { Logger } from '@krom/server-kit/logger';
import { ProviderError } from '@krom/server-kit/providers';
import type { PaymentsDb } from '../db/payments-db.ts';
import type { PaymentRow } from '../payments/payment-facts.ts';
import { settleCollection } from '../payments/settle-collection.ts';
import type { MobileMoneyProvider, Movement } from '../providers/mobile-money/port.ts';
import { passengerPaymentRow } from './passenger-payment.ts';

/**
 * Telecel's voucher step: the code the network texted the passenger, passed to the gateway for
 * their payment waiting on it. The gateway's answer is recorded like any other step of the
 * payment (`settleCollection`: back to `pending` with `payment.prompted` while the PIN prompt
 * waits, or settled when the gateway says so, after reading its record again). A code the
 * gateway does not accept leaves the payment waiting on it and is a 400 in plain words.
 */
export async function submitVoucherCode(
  db: PaymentsDb,
  provider: MobileMoneyProvider,
  by: { passengerId: string; bookingId: string; otp: string },
  now: () => Date,
  logger: Pick<Logger, 'info' | 'warn' | 'error'>,
): Promise<PaymentRow> {
  const payment = await passengerPaymentRow(db, by.passengerId, by.bookingId);
  if (payment.status !== 'needs_otp' || payment.heldAt !== null) throw new HttpError(409, bookingPaymentMessages.notWaitingForVoucher);
  let answer: Movement;
  try {
    answer = await provider.submitOtp(payment.id, by.otp);
  } catch (error) {
    if (!(error instanceof ProviderError)) throw error;
    logger.warn({ err: error, paymentId: payment.id }, 'the gateway did not take the voucher code');
    throw new HttpError(502, bookingPaymentMessages.voucherNotSent);
  }
  if (answer.status === 'needs_otp') {
    logger.info({ paymentId: payment.id, gatewaySays: answer.displayText }, 'voucher code refused');
    throw new HttpError(400, bookingPaymentMessages.wrongVoucher, [{ field: 'otp', message: bookingPaymentMessages.wrongVoucher }]);
  }
  // Settled already at the gateway: its own record decides, as for a callback.
  const movement = answer.status === 'succeeded' ? await provider.verifyCollection(payment.id) : answer;
  await settleCollection(db, payment, movement, now(), logger);
  return passengerPaymentRow(db, by.passengerId, by.bookingId);
}
