import { ProviderError, type ProviderCallback } from '@krom/server-kit/providers';

/*
 * The mobile money gateway, as the payments service sees it: collect a fare from a passenger's
 * wallet (a prompt on their phone), pay a driver's wallet, give a passenger money back, and read
 * the gateway's own record of each. Three implementations sit behind it, chosen by configuration
 * (choose.ts): the local gateway (no credentials; a phone page on this machine), Paystack and
 * Hubtel. Every one passes the shared suite in test/providers/mobile-money-provider-suite.ts.
 *
 * Amounts are integer pesewas (GH₵1 = 100 pesewas), never floats. Every movement carries Krom's
 * own `reference` (unique per movement, 16 to 50 characters of [a-z0-9-], a UUID fits): asking
 * twice with one reference never moves money twice, and the reference is how a callback and a
 * status check find the movement again. The alphabet is what every gateway takes as it is:
 * Paystack's transfers want lower-case letters, digits, `-` and `_` and at least 16 characters,
 * its charges letters, digits, `-`, `.` and `=`; only the common part is safe for both.
 */

/** The three networks: MTN MoMo, Telecel Cash (formerly Vodafone Cash) and AirtelTigo Money. */
export const mobileMoneyNetworks = ['mtn', 'telecel', 'airteltigo'] as const;
export type MobileMoneyNetwork = (typeof mobileMoneyNetworks)[number];

/** A wallet: its number in E.164 (`+233241234567`) and its network. */
export type Wallet = { phone: string; network: MobileMoneyNetwork };

/**
 * Where a movement stands by the gateway's own record. `pending`: asked, not settled (a prompt
 * waiting on the customer's PIN, a transfer on its way). `needs_otp`: Telecel's voucher step, the
 * customer must type the code the network texted them (`submitOtp`). `succeeded` and `failed`
 * are final.
 */
export type MovementStatus = 'pending' | 'needs_otp' | 'succeeded' | 'failed';

export type Movement = {
  reference: string;
  status: MovementStatus;
  /** The amount the gateway moved or is moving, in pesewas, as its own record says. */
  amount: number;
  /** The gateway's id for the movement, once it has one. */
  providerReference: string | null;
  /** What the gateway kept for itself, in pesewas, when it says (0 when it does not charge or say). */
  gatewayFee: number;
  /** Text for the customer from the gateway (a prompt's instructions, a failure's reason), if any. */
  displayText: string | null;
};

export type CollectRequest = {
  reference: string;
  wallet: Wallet;
  amount: number;
  /** Shown on the customer's prompt where the gateway shows one ("Krom: Accra to Kumasi, 2 seats"). */
  description: string;
  customerName: string;
};

export type PayoutRequest = {
  reference: string;
  wallet: Wallet;
  amount: number;
  /** The wallet holder's name as the network knows it. */
  recipientName: string;
  reason: string;
};

export type RefundRequest = {
  reference: string;
  /** The collection being given back, by Krom's reference for it. */
  collectionReference: string;
  /** The wallet the collection came from (a gateway without refunds sends the money there). */
  wallet: Wallet;
  /** At most what was collected. */
  amount: number;
  reason: string;
};

/**
 * Which movement a gateway's callback is about. It is never acted on alone: the service reads the
 * movement again (`verify…`).
 */
export type CallbackNotice = {
  kind: 'collection' | 'payout' | 'refund';
  reference: string;
  /**
   * Set on a refund callback from a gateway that names the collection refunded but not Krom's
   * refund (Paystack's refund events carry only the transaction's reference): `reference` is then
   * that collection's reference too, and the service checks each of its refunds not yet settled.
   */
  collectionReference?: string;
};

export interface MobileMoneyProvider {
  /** Recorded on each payment row ('local', 'paystack', 'hubtel'). */
  readonly name: string;
  /** Sends the payment prompt to the wallet; resolves with where the collection stands (usually `pending` or `needs_otp`). */
  collect(request: CollectRequest): Promise<Movement>;
  /** Telecel's voucher step: the code the customer was texted, for a collection in `needs_otp`. */
  submitOtp(reference: string, otp: string): Promise<Movement>;
  verifyCollection(reference: string): Promise<Movement>;
  payout(request: PayoutRequest): Promise<Movement>;
  verifyPayout(reference: string): Promise<Movement>;
  refund(request: RefundRequest): Promise<Movement>;
  verifyRefund(reference: string): Promise<Movement>;
  /**
   * Checks a callback's signature (or the shared secret in its URL, for a gateway that does not
   * sign) and reads which movement it is about; throws `CallbackRefusedError` (401 unsigned, 403
   * forged, 400 unreadable). Answers null for a callback about nothing Krom tracks.
   */
  verifyWebhook(callback: ProviderCallback): CallbackNotice | null;
}

/** A call the gateway refused or that failed on the way (see ProviderError for `outcome` and `retryable`). */
export class MobileMoneyProviderError extends ProviderError {}
