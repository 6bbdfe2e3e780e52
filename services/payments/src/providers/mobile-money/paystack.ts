import {
  answeredError,
  chargeAnswer,
  type PaystackAnswer,
  paystackClient,
  readAnswer,
  recipientAnswer,
  refundAnswer,
  refundListAnswer,
  transactionAnswer,
  transferAnswer,
} from './paystack-api.ts';
import { readPaystackWebhook } from './paystack-webhook.ts';
import {
  type MobileMoneyNetwork,
  type MobileMoneyProvider,
  MobileMoneyProviderError,
  type Movement,
  type MovementStatus,
} from './port.ts';

export type PaystackSettings = {
  secretKey: string;
  /** Sends requests here instead of https://api.paystack.co (a stand-in or a proxy). */
  apiBaseUrl?: string | undefined;
  /**
   * The e-mail address Paystack files a customer's charges under (a charge requires one). Krom
   * knows its passengers by phone, so by default each number gets an address of its own under the
   * reserved krom.example domain; a live account should pass addresses on a domain Krom owns.
   */
  customerEmailFor?: ((phone: string) => string) | undefined;
  /** How long one request may take before it is given up (default 15 s). */
  timeoutMs?: number | undefined;
};

/** Paystack's names for the networks: `provider` of a charge's mobile_money, and a transfer recipient's `bank_code` (GET /bank?currency=GHS&type=mobile_money). */
const telcos: Record<MobileMoneyNetwork, { provider: string; bankCode: string }> = {
  mtn: { provider: 'mtn', bankCode: 'MTN' },
  telecel: { provider: 'vod', bankCode: 'VOD' },
  airteltigo: { provider: 'atl', bankCode: 'ATL' },
};

/** The port's references, which Paystack takes as they are for charges and for transfers. */
const REFERENCE = /^[a-z0-9-]{16,50}$/;

/** Paystack keeps no reference of ours on a refund; its merchant note carries it, first, behind this. */
const REFUND_NOTE_PREFIX = 'krom-refund:';
export const refundNote = (reference: string, reason: string) => `${REFUND_NOTE_PREFIX}${reference} ${reason}`;
export const referenceInRefundNote = (note: string | null | undefined): string | undefined =>
  note?.startsWith(REFUND_NOTE_PREFIX) ? note.slice(REFUND_NOTE_PREFIX.length).split(' ', 1)[0] : undefined;

/** How many pages of 100 refunds a status check reads back, newest first, looking for a refund's note. */
const REFUND_PAGES_READ = 20;

/** +233241234567 → 0241234567: Paystack's examples give Ghanaian wallets in the national format. */
const nationalNumber = (phone: string) => phone.replace(/^\+233/, '0');

/** A charge's step or a transaction's status (success, failed, abandoned, reversed, ongoing, pending, send_otp, pay_offline…). */
function collectionStatus(status: string): MovementStatus {
  // A reversed transaction was collected and then given back: the refund is a movement of its own.
  if (status === 'success' || status === 'reversed') return 'succeeded';
  if (status === 'failed' || status === 'abandoned') return 'failed';
  if (status === 'send_otp') return 'needs_otp';
  return 'pending';
}

/** A transfer's status (pending, success, failed, otp, abandoned, reversed, blocked, rejected, received, queued…). */
function payoutStatus(status: string): MovementStatus {
  if (status === 'success') return 'succeeded';
  if (['failed', 'abandoned', 'reversed', 'blocked', 'rejected'].includes(status)) return 'failed';
  return 'pending';
}

/** A refund's status (pending, processing, needs-attention, processed, failed). */
function refundStatus(status: string): MovementStatus {
  if (status === 'processed') return 'succeeded';
  if (status === 'failed') return 'failed';
  return 'pending';
}

const movement = (reference: string, fields: Partial<Movement> & Pick<Movement, 'status' | 'amount'>): Movement => ({
  reference,
  providerReference: null,
  gatewayFee: 0,
  displayText: null,
  ...fields,
});

/** A status check of a reference Paystack has no record of: nothing moved under it. */
const noRecord = (reference: string, what: string) => movement(reference, { status: 'failed', amount: 0, displayText: `Paystack has no ${what} with this reference` });

/**
 * Mobile money through Paystack (Ghana, GHS): collections are charges (POST /charge with
 * `mobile_money`, Telecel's voucher through /charge/submit_otp), payouts are transfers to a
 * `mobile_money` recipient, refunds are refunds of the charge. Status checks read Paystack's own
 * record (/transaction/verify, /transfer/verify, /refund), events are signed with the secret key.
 */
export function paystackMobileMoneyProvider(settings: PaystackSettings): MobileMoneyProvider {
  const client = paystackClient({ secretKey: settings.secretKey, apiBaseUrl: settings.apiBaseUrl ?? 'https://api.paystack.co', timeoutMs: settings.timeoutMs ?? 15_000 });
  const emailFor = settings.customerEmailFor ?? ((phone: string) => `${phone.replace(/\D/g, '')}@customers.krom.example`);

  const checked = (reference: string) => {
    if (!REFERENCE.test(reference)) throw new MobileMoneyProviderError(`Reference ${JSON.stringify(reference)} is not 16 to 50 of [a-z0-9-]`, false);
    return reference;
  };

  const chargeMovement = (reference: string, amount: number, answer: PaystackAnswer, what: string): Movement => {
    const { data } = readAnswer(what, answer, chargeAnswer);
    const status = collectionStatus(data.status);
    const displayText = data.display_text ?? (status === 'failed' ? (data.gateway_response ?? data.message ?? null) : null);
    return movement(reference, { status, amount: data.amount ?? amount, displayText });
  };

  async function verifyCollection(reference: string): Promise<Movement> {
    const answer = await client.get('/transaction/verify/{reference}', { path: { reference } });
    if (answer.status === 404) return noRecord(reference, 'transaction');
    if (answer.status !== 200) throw answeredError('the transaction check', answer);
    const { data } = readAnswer('the transaction check', answer, transactionAnswer);
    const found = { providerReference: String(data.id), gatewayFee: data.fees ?? 0 };
    const status = collectionStatus(data.status);
    if (status === 'succeeded' || status === 'failed') {
      return movement(reference, { status, amount: data.amount, ...found, displayText: status === 'failed' ? (data.gateway_response ?? null) : null });
    }
    // The transaction is not settled: the charge says which step it waits on (Telecel's voucher or the prompt).
    const step = await client.get('/charge/{reference}', { path: { reference } });
    if (step.status !== 200) throw answeredError('the pending charge check', step);
    return { ...chargeMovement(reference, data.amount, step, 'the pending charge check'), ...found };
  }

  async function verifyPayout(reference: string): Promise<Movement> {
    const answer = await client.get('/transfer/verify/{reference}', { path: { reference } });
    if (answer.status === 404) return noRecord(reference, 'transfer');
    if (answer.status !== 200) throw answeredError('the transfer check', answer);
    return transferMovement(reference, answer, 'the transfer check');
  }

  function transferMovement(reference: string, answer: PaystackAnswer, what: string): Movement {
    const { data } = readAnswer(what, answer, transferAnswer);
    const status = payoutStatus(data.status);
    return movement(reference, {
      status,
      amount: data.amount,
      providerReference: data.transfer_code ?? null,
      gatewayFee: data.fee_charged ?? 0,
      displayText: status === 'failed' ? (data.gateway_response ?? `Paystack marked the transfer ${data.status}`) : null,
    });
  }

  /** The refund whose merchant note carries `reference`, read from Paystack's list of refunds, newest first. */
  async function findRefund(reference: string) {
    for (let page = 1; page <= REFUND_PAGES_READ; page += 1) {
      const answer = await client.get('/refund', { query: { perPage: 100, page } });
      if (answer.status !== 200) throw answeredError('the refund list', answer);
      const { data, meta } = readAnswer('the refund list', answer, refundListAnswer);
      const found = data.find((refund) => referenceInRefundNote(refund.merchant_note) === reference);
      if (found) return found;
      if (page >= meta.pageCount) return undefined;
    }
    return undefined;
  }

  const refundMovement = (reference: string, refund: { id: number; amount: number; status: string }) => {
    const status = refundStatus(refund.status);
    const displayText = refund.status === 'needs-attention' ? "Paystack needs the customer's account details to finish this refund" : null;
    return movement(reference, { status, amount: refund.amount, providerReference: String(refund.id), displayText });
  };

  return {
    name: 'paystack',

    async collect(request) {
      const reference = checked(request.reference);
      const answer = await client.post('/charge', {
        email: emailFor(request.wallet.phone),
        amount: request.amount,
        currency: 'GHS',
        reference,
        mobile_money: { phone: nationalNumber(request.wallet.phone), provider: telcos[request.wallet.network].provider },
        metadata: { description: request.description, customer_name: request.customerName },
      });
      if (answer.status === 200) return chargeMovement(reference, request.amount, answer, 'the charge');
      // Refused: the reference may be one Paystack holds already (asked before, its answer lost); then that charge is the answer.
      if (answer.status === 400) {
        const existing = await verifyCollection(reference);
        if (existing.providerReference !== null) return existing;
      }
      throw answeredError('the charge', answer);
    },

    async submitOtp(reference, otp) {
      const answer = await client.post('/charge/submit_otp', { otp, reference: checked(reference) });
      if (answer.status !== 200) throw answeredError('the voucher code', answer);
      const step = chargeMovement(reference, 0, answer, 'the voucher code');
      // The answer says the charge's next step (and why a code was refused); the transaction's record says the rest.
      return { ...(await verifyCollection(reference)), status: step.status, displayText: step.displayText };
    },

    verifyCollection: (reference) => verifyCollection(checked(reference)),

    async payout(request) {
      const reference = checked(request.reference);
      // One reference, one transfer: one already made under it is the answer, whatever became of it.
      const existing = await verifyPayout(reference);
      if (existing.providerReference !== null) return existing;
      const { bankCode } = telcos[request.wallet.network];
      const recipient = await client.post('/transferrecipient', {
        type: 'mobile_money',
        name: request.recipientName,
        account_number: nationalNumber(request.wallet.phone),
        bank_code: bankCode,
        currency: 'GHS',
      });
      if (recipient.status !== 200 && recipient.status !== 201) throw answeredError('the transfer recipient', recipient);
      const { recipient_code: recipientCode } = readAnswer('the transfer recipient', recipient, recipientAnswer).data;
      const answer = await client.post('/transfer', { source: 'balance', amount: request.amount, recipient: recipientCode, reason: request.reason, currency: 'GHS', reference });
      if (answer.status === 200) return transferMovement(reference, answer, 'the transfer');
      if (answer.status === 400) {
        const made = await verifyPayout(reference);
        if (made.providerReference !== null) return made;
      }
      throw answeredError('the transfer', answer);
    },

    verifyPayout: (reference) => verifyPayout(checked(reference)),

    async refund(request) {
      const reference = checked(request.reference);
      const existing = await findRefund(reference);
      if (existing) return refundMovement(reference, existing);
      const answer = await client.post('/refund', {
        transaction: checked(request.collectionReference),
        amount: request.amount,
        currency: 'GHS',
        customer_note: request.reason,
        merchant_note: refundNote(reference, request.reason),
      });
      if (answer.status !== 200) throw answeredError('the refund', answer);
      return refundMovement(reference, readAnswer('the refund', answer, refundAnswer).data);
    },

    async verifyRefund(reference) {
      const found = await findRefund(checked(reference));
      return found ? refundMovement(reference, found) : noRecord(reference, 'refund');
    },

    verifyWebhook: (callback) => readPaystackWebhook(settings.secretKey, callback),
  };
}
