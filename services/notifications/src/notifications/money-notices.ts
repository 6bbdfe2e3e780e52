import type { PaymentFact, PaymentFactName, PayoutFact, PayoutFactName, RefundFact, RefundFactName } from '@krom/contracts/events/payments';
import { paymentHoldMinutes } from '@krom/contracts/http/payment-values';
import { formatCedis, formatCedisForSms, toDecimalCedis } from '@krom/contracts/money';
import { fitWordsInSegment, inGsmAlphabet } from '../sms/sms-segment.ts';
import type { NewNotification } from './create-notification.ts';

/*
 * The words of money moving (`krom.payments.<payment|refund|payout>.<fact>.v1`): a `payment`
 * notice (the notifications page's Payments tab) and, for what the person must act on or would
 * look for on their phone, one SMS segment in GSM characters (`GHS`, not the cedi sign).
 * Nothing for `payment.succeeded` by SMS (the booking's e-ticket says it), a refund's or payout's
 * `sent` or `failed` (internal: retried, staff see it), or a payout needing staff's attention for
 * a number that exists.
 */

type Notice = Pick<NewNotification, 'type' | 'title' | 'message' | 'data' | 'actionRequired'>;

/** One person's news of a money fact. */
export type MoneyMessage = { notice: Notice; sms?: string };

/** Where a member sees their payments. */
export const paymentsLink = '/payments';

const cedis = (pesewas: number) => formatCedis(toDecimalCedis(pesewas));
const smsCedis = (pesewas: number) => formatCedisForSms(toDecimalCedis(pesewas));
const notice = (title: string, message: string, data: Record<string, unknown>): Notice => ({
  type: 'payment',
  title,
  message,
  actionRequired: false,
  data: { kind: 'payment', ...data, link: paymentsLink },
});

/** What the passenger is told of a step of their payment. */
export function paymentMessage(fact: PaymentFactName, payment: PaymentFact): MoneyMessage | undefined {
  const data = { paymentId: payment.paymentId, bookingId: payment.bookingId };
  const wallet = inGsmAlphabet(payment.walletMasked);
  switch (fact) {
    case 'prompted':
      return {
        notice: notice(
          'Approve the payment on your phone',
          `A prompt for ${cedis(payment.amountPesewas)} is on ${payment.walletMasked}. Approve it with your mobile money PIN within ${paymentHoldMinutes} minutes to secure your seats.`,
          data,
        ),
        sms: `Krom: approve the prompt of ${smsCedis(payment.amountPesewas)} on ${wallet} with your PIN within ${paymentHoldMinutes} minutes to secure your seats.`,
      };
    case 'needs_otp':
      return {
        notice: notice(
          'Type your voucher code',
          `To finish paying ${cedis(payment.amountPesewas)}, type the voucher code your network texted to ${payment.walletMasked} in Krom within ${paymentHoldMinutes} minutes.`,
          data,
        ),
        sms: `Krom: to finish paying ${smsCedis(payment.amountPesewas)}, type the voucher code your network texted to ${wallet} in Krom within ${paymentHoldMinutes} minutes.`,
      };
    case 'failed': {
      const reason = payment.reason?.trim().replace(/\.+$/, '') || 'it was not completed';
      return {
        notice: notice('Payment failed', `Your payment of ${cedis(payment.amountPesewas)} from ${payment.walletMasked} failed: ${reason}. Your seats were released.`, data),
        sms: fitWordsInSegment(inGsmAlphabet(reason), (why) => `Krom: your payment of ${smsCedis(payment.amountPesewas)} failed: ${why}. Your seats were released.`),
      };
    }
    case 'succeeded':
      // In the app only: the booking's e-ticket is the SMS.
      return { notice: notice('Payment received', `${cedis(payment.amountPesewas)} paid from ${payment.walletMasked} for your booking.`, data) };
    default:
      return undefined;
  }
}

/** What the passenger is told of a refund: only that the money is back. */
export function refundMessage(fact: RefundFactName, refund: RefundFact): MoneyMessage | undefined {
  if (fact !== 'succeeded' || refund.amountPesewas === 0) return undefined;
  return {
    notice: notice('Refund received', `${cedis(refund.amountPesewas)} is back on your mobile money ${refund.walletMasked}.`, {
      refundId: refund.refundId,
      paymentId: refund.paymentId,
      bookingId: refund.bookingId,
    }),
    sms: `Krom: your refund of ${smsCedis(refund.amountPesewas)} is back on your mobile money ${inGsmAlphabet(refund.walletMasked)}.`,
  };
}

/** What the driver is told of a payout: paid, or that a confirmed number is needed to be paid. */
export function payoutMessage(fact: PayoutFactName, payout: PayoutFact): MoneyMessage | undefined {
  const data = { payoutId: payout.payoutId, bookingId: payout.bookingId, rideId: payout.rideId };
  if (fact === 'succeeded') {
    const wallet = payout.walletMasked ?? 'your mobile money number';
    return {
      notice: notice('Payout sent', `${cedis(payout.amountPesewas)} was paid to ${wallet} for your ride.`, data),
      sms: `Krom: ${smsCedis(payout.amountPesewas)} was paid to your mobile money ${inGsmAlphabet(wallet)} for your ride.`,
    };
  }
  // A payout that keeps failing to a number that exists is staff's to resolve; one with no confirmed number is the driver's.
  if (fact === 'needs_attention' && payout.walletMasked === null) {
    return {
      notice: notice('Add a mobile money number', `Add and confirm a mobile money number in Payments to receive ${cedis(payout.amountPesewas)} for your ride.`, data),
      sms: `Krom: add and confirm a mobile money number in Krom Payments to receive ${smsCedis(payout.amountPesewas)} for your ride.`,
    };
  }
  return undefined;
}
