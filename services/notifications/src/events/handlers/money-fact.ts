import type { EventEnvelope } from '@krom/contracts/envelope';
import {
  type PaymentFact,
  type PaymentFactName,
  type PayoutFact,
  type PayoutFactName,
  paymentEvents,
  payoutEvents,
  type RefundFact,
  type RefundFactName,
  refundEvents,
} from '@krom/contracts/events/payments';
import { type EventRule, envelopeReader } from '@krom/server-kit/consumer';
import { derivedEventId } from '@krom/server-kit/derived-event-id';
import { deliverNotice, type NoticeSenders } from '../../notifications/deliver-notice.ts';
import { holdEndedSmsKey } from '../../notifications/hold-ended.ts';
import { type MoneyMessage, paymentMessage, payoutMessage, refundMessage } from '../../notifications/money-notices.ts';
import { recordPassengerNews } from '../../notifications/tell-passenger.ts';

/** Read raw payment, refund and payout envelopes as this service understands them (also what its message pacts check). */
export const readPaymentFact = (fact: PaymentFactName) => envelopeReader(paymentEvents[fact]);
export const readRefundFact = (fact: RefundFactName) => envelopeReader(refundEvents[fact]);
export const readPayoutFact = (fact: PayoutFactName) => envelopeReader(payoutEvents[fact]);

// Fixed namespace of the money fact keys (a UUID v5 namespace; this one must not change).
const MONEY_NAMESPACE = Buffer.from('6d0f2b8c4e1a4b9d8c3e5f7a9b1d3e5f', 'hex');

/** How one kind of money fact is told: to whom, under which key (its aggregate and version), in which words. */
type MoneyTelling<T> = {
  person: (fact: T) => string;
  key: (fact: T) => string;
  message: (fact: T) => MoneyMessage | undefined;
  /** The SMS's own key when another event may bring the same news. */
  smsKey?: (fact: T) => string | undefined;
};

/**
 * One money fact → the person's `payment` notice and, when it is worth one, an SMS at the number
 * they registered (payments' facts carry no booking phone), in the handler's transaction, once per
 * fact of the payment, refund or payout (under its id and version, so the same fact under a new
 * event id tells nobody again); caps, SMS choice and deleted accounts as for every notice.
 */
function handleMoneyFact<T>(senders: NoticeSenders, telling: MoneyTelling<T>): EventRule<T> {
  const keyOf = (envelope: EventEnvelope<T>) => derivedEventId(MONEY_NAMESPACE, telling.key(envelope.data));
  return deliverNotice(senders, {
    key: keyOf,
    messageKeys: (envelope) => [telling.smsKey?.(envelope.data) ?? keyOf(envelope)],
    record: async (tx, envelope) => {
      const message = telling.message(envelope.data);
      if (!message) return [];
      return recordPassengerNews(tx, senders.sms, senders.email, {
        passengerId: telling.person(envelope.data),
        key: keyOf(envelope),
        smsKey: telling.smsKey?.(envelope.data),
        notice: message.notice,
        smsText: message.sms ?? '',
        notifyBySMS: message.sms !== undefined,
        notifyByEmail: false,
      });
    },
  });
}

/** krom.payments.payment.<fact>.v1 → the passenger (a failed payment's SMS is the one its ended hold would send too: hold-ended.ts). */
export const handlePaymentFact = (senders: NoticeSenders, fact: PaymentFactName): EventRule<PaymentFact> =>
  handleMoneyFact(senders, {
    person: (payment) => payment.passengerId,
    key: (payment) => `payment:${payment.paymentId}:${payment.version}`,
    message: (payment) => paymentMessage(fact, payment),
    smsKey: (payment) => (fact === 'failed' ? holdEndedSmsKey(payment.bookingId) : undefined),
  });

/** krom.payments.refund.<fact>.v1 → the passenger. */
export const handleRefundFact = (senders: NoticeSenders, fact: RefundFactName): EventRule<RefundFact> =>
  handleMoneyFact(senders, {
    person: (refund) => refund.passengerId,
    key: (refund) => `refund:${refund.refundId}:${refund.version}`,
    message: (refund) => refundMessage(fact, refund),
  });

/** krom.payments.payout.<fact>.v1 → the driver. */
export const handlePayoutFact = (senders: NoticeSenders, fact: PayoutFactName): EventRule<PayoutFact> =>
  handleMoneyFact(senders, {
    person: (payout) => payout.driverId,
    key: (payout) => `payout:${payout.payoutId}:${payout.version}`,
    message: (payout) => payoutMessage(fact, payout),
  });

/** The facts this service tells anyone of (and so consumes). */
export const toldPaymentFacts = ['prompted', 'needs_otp', 'succeeded', 'failed'] as const satisfies readonly PaymentFactName[];
export const toldRefundFacts = ['succeeded'] as const satisfies readonly RefundFactName[];
export const toldPayoutFacts = ['succeeded', 'needs_attention'] as const satisfies readonly PayoutFactName[];
