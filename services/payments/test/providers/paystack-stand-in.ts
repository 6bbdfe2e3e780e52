import { createHmac, randomBytes, randomInt } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { bodyOf, type LocalServer, listenLocally } from './local-server.ts';

/*
 * A local HTTP server answering the parts of Paystack's API the mobile money adapter calls, shaped
 * after Paystack's published OpenAPI document (github.com/PaystackOSS/openapi, dist/paystack.yaml)
 * and the examples of its documentation (github.com/PaystackOSS/doc-code-snippets, dist/doc/...):
 * POST /charge with `mobile_money`, POST /charge/submit_otp, GET /charge/{reference},
 * GET /transaction/verify/{reference}, POST /transferrecipient, POST /transfer,
 * GET /transfer/verify/{reference}, POST /refund, GET /refund, GET /refund/{id}. It keeps its own
 * books, and posts webhooks signed as Paystack signs them (x-paystack-signature: HMAC-SHA512 of
 * the body, hex, keyed with the secret key) to the URL set on it. The texts of its refusals are its
 * own: Paystack documents their shape ({ status: false, message }), not every message.
 */

type Telco = 'mtn' | 'vod' | 'atl';
type ChargeStep = 'send_otp' | 'pay_offline' | 'success' | 'failed';

export type StandInCharge = {
  id: number;
  reference: string;
  amount: number;
  email: string;
  phone: string;
  provider: Telco;
  step: ChargeStep;
  otp: string | undefined;
  fees: number;
  gatewayResponse: string;
  paidAt: string | null;
  createdAt: string;
  metadata: unknown;
};

export type StandInTransfer = {
  id: number;
  reference: string;
  amount: number;
  reason: string;
  status: 'pending' | 'success' | 'failed';
  transferCode: string;
  recipient: StandInRecipient;
  createdAt: string;
};

export type StandInRecipient = { code: string; name: string; accountNumber: string; bankCode: string; currency: string; type: string };

export type StandInRefund = {
  id: number;
  charge: StandInCharge;
  amount: number;
  status: 'pending' | 'processed' | 'failed';
  merchantNote: string;
  customerNote: string;
  createdAt: string;
};

export type StandInRequest = { method: string; path: string; body: unknown; authorization: string | undefined };

const TELCO_NAMES: Record<Telco, string> = { mtn: 'MTN Mobile Money', vod: 'Telecel Cash', atl: 'AirtelTigo Money' };
const TRANSFER_BANK_CODES = new Set(['MTN', 'VOD', 'ATL']);
/** Paystack's transfer references: lower-case letters, digits, `-` and `_`, at least 16 (TransferBase.reference). */
const TRANSFER_REFERENCE = /^[a-z0-9_-]{16,}$/;
/** Paystack's charge references: letters, digits, `-`, `.` and `=` (ChargeCreate.reference). */
const CHARGE_REFERENCE = /^[A-Za-z0-9.=-]+$/;
/** What the stand-in keeps of a Ghanaian mobile money charge for itself, as Paystack's local fee is a share of the amount. */
const FEE_SHARE = 0.0195;

type Answer = { status: number; body: object };
const ok = (message: string, data: unknown, status = 200): Answer => ({ status, body: { status: true, message, data } });
const refused = (status: number, message: string): Answer => ({ status, body: { status: false, message } });

export class PaystackStandIn {
  readonly charges = new Map<string, StandInCharge>();
  readonly transfers = new Map<string, StandInTransfer>();
  readonly recipients = new Map<string, StandInRecipient>();
  readonly refunds: StandInRefund[] = [];
  readonly requests: StandInRequest[] = [];
  /** Where webhooks go (the dashboard's webhook URL); none are sent while unset. */
  webhookUrl: string | undefined;
  private server: LocalServer | undefined;
  private nextId = 1_000;
  private payoutsFail = false;
  private refundsEnd: 'processed' | 'failed' | 'held' = 'processed';
  private hangUps = 0;
  private stalls = 0;
  /** Answers forced on the next requests instead of the real ones (a Paystack outage). */
  private forced: Answer[] = [];
  private deliveries = new Set<Promise<void>>();

  constructor(readonly secretKey = `sk_test_${randomBytes(20).toString('hex')}`) {}

  async start(): Promise<string> {
    this.server = await listenLocally((req, res) => void this.answer(req, res));
    return this.baseUrl;
  }

  get baseUrl(): string {
    return this.server!.origin;
  }

  async stop(): Promise<void> {
    await Promise.all(this.deliveries);
    await this.server?.close();
  }

  // The test's control: the customer's phone, the network's answers, the connection.

  /** The customer approves the prompt: the charge succeeds and `charge.success` is posted. */
  async approve(reference: string): Promise<void> {
    const charge = this.waitingCharge(reference, 'pay_offline');
    charge.step = 'success';
    charge.gatewayResponse = 'Approved';
    charge.paidAt = new Date().toISOString();
    charge.fees = Math.round(charge.amount * FEE_SHARE);
    await this.deliver('charge.success', this.transactionData(charge));
  }

  /** The customer declines the prompt. Paystack posts no event for a failed charge; its verify says so. */
  async decline(reference: string): Promise<void> {
    const charge = this.waitingCharge(reference, 'pay_offline', 'send_otp');
    charge.step = 'failed';
    charge.gatewayResponse = 'Declined';
  }

  /** The voucher code Telecel texted the customer for a charge waiting on it. */
  otpFor(reference: string): string {
    return this.waitingCharge(reference, 'send_otp').otp!;
  }

  failPayouts(on: boolean): void {
    this.payoutsFail = on;
  }

  /**
   * How the refunds asked from now on end, a moment after they are queued: processed (the
   * default), failed (the network could not pay the wallet), or held pending until `finishRefund`.
   */
  endRefunds(outcome: 'processed' | 'failed' | 'held'): void {
    this.refundsEnd = outcome;
  }

  /** Ends a refund still pending, with its event, as Paystack does once the network answers. */
  finishRefund(refund: StandInRefund, status: 'processed' | 'failed'): Promise<void> {
    if (refund.status !== 'pending') throw new Error(`Refund ${refund.id} is ${refund.status} already`);
    refund.status = status;
    return this.announceRefund(refund, status);
  }

  /** Posts a refund's event saying `status`, whatever its record says (the record is changed by `finishRefund`). */
  announceRefund(refund: StandInRefund, status: 'processed' | 'failed'): Promise<void> {
    return this.deliver(`refund.${status}`, {
      status,
      transaction_reference: refund.charge.reference,
      refund_reference: `RFN${refund.id}`,
      amount: String(refund.amount),
      currency: 'GHS',
      processor: 'mobile_money',
      customer: { email: refund.charge.email },
      domain: 'test',
    });
  }

  /** The next request is acted on as usual, then its connection closed instead of answered. */
  hangUpAfterNextRequest(): void {
    this.hangUps += 1;
  }

  /** The next request is acted on as usual and never answered (the client's timeout ends it). */
  stallNextAnswer(): void {
    this.stalls += 1;
  }

  /** The next request gets this answer instead (nothing acted on). */
  answerNext(status: number, message: string): void {
    this.forced.push(refused(status, message));
  }

  private waitingCharge(reference: string, ...steps: ChargeStep[]): StandInCharge {
    const charge = this.charges.get(reference);
    if (!charge || !steps.includes(charge.step)) throw new Error(`No charge ${reference} at ${steps.join(' or ')} (it is ${charge?.step ?? 'unknown'})`);
    return charge;
  }

  private async answer(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const text = (await bodyOf(req)).toString('utf8');
    const url = new URL(req.url ?? '/', this.baseUrl);
    let body: Record<string, unknown> = {};
    try {
      body = text ? (JSON.parse(text) as Record<string, unknown>) : {};
    } catch {
      return send(res, refused(400, 'Invalid JSON body'));
    }
    this.requests.push({ method: req.method ?? '', path: `${url.pathname}${url.search}`, body, authorization: req.headers.authorization });

    const forced = this.forced.shift();
    const answer =
      forced ??
      (req.headers.authorization === `Bearer ${this.secretKey}` ? this.route(req.method ?? '', url, body) : refused(401, 'Invalid key'));
    if (this.hangUps > 0) {
      this.hangUps -= 1;
      return void req.socket.destroy();
    }
    if (this.stalls > 0) {
      this.stalls -= 1;
      return;
    }
    send(res, answer);
  }

  /** Each route: its method, its path (a capture is the path's one parameter), and how it is answered. */
  private readonly routes: [string, RegExp, (body: Record<string, unknown>, param: string, query: URLSearchParams) => Answer][] = [
    ['POST', /^\/charge$/, (body) => this.createCharge(body)],
    ['POST', /^\/charge\/submit_otp$/, (body) => this.submitOtp(body)],
    ['GET', /^\/charge\/([^/]+)$/, (_, reference) => this.checkCharge(reference)],
    ['GET', /^\/transaction\/verify\/([^/]+)$/, (_, reference) => this.verifyTransaction(reference)],
    ['POST', /^\/transferrecipient$/, (body) => this.createRecipient(body)],
    ['POST', /^\/transfer$/, (body) => this.createTransfer(body)],
    ['GET', /^\/transfer\/verify\/([^/]+)$/, (_, reference) => this.verifyTransfer(reference)],
    ['POST', /^\/refund$/, (body) => this.createRefund(body)],
    ['GET', /^\/refund$/, (_, __, query) => this.listRefunds(query)],
    ['GET', /^\/refund\/(\d+)$/, (_, id) => this.fetchRefund(Number(id))],
  ];

  private route(method: string, url: URL, body: Record<string, unknown>): Answer {
    for (const [routeMethod, pattern, handle] of this.routes) {
      const match = routeMethod === method ? pattern.exec(url.pathname) : null;
      if (match) return handle(body, decodeURIComponent(match[1] ?? ''), url.searchParams);
    }
    return refused(404, 'Route not found');
  }

  private createCharge(body: Record<string, unknown>): Answer {
    const { email, amount, currency, reference = `T${randomBytes(8).toString('hex')}`, mobile_money: wallet, metadata } = body;
    if (typeof email !== 'string' || !email.includes('@')) return refused(400, 'Invalid Email Address Passed');
    if (!Number.isInteger(amount) || (amount as number) <= 0) return refused(400, 'Invalid amount');
    if (currency !== 'GHS') return refused(400, 'Mobile money is available in GHS here');
    if (typeof reference !== 'string' || !CHARGE_REFERENCE.test(reference)) return refused(400, 'Invalid reference');
    if (this.charges.has(reference)) return refused(400, 'Duplicate Transaction Reference');
    const { phone, provider } = (wallet ?? {}) as { phone?: unknown; provider?: unknown };
    const telco = typeof provider === 'string' ? provider.toLowerCase() : '';
    if (typeof phone !== 'string' || !/^0\d{9}$/.test(phone)) return refused(400, 'Invalid phone number');
    if (telco !== 'mtn' && telco !== 'vod' && telco !== 'atl') return refused(400, 'Invalid mobile money provider');

    const charge: StandInCharge = {
      id: this.newId(),
      reference,
      amount: amount as number,
      email,
      phone,
      provider: telco,
      step: telco === 'vod' ? 'send_otp' : 'pay_offline',
      otp: telco === 'vod' ? String(randomInt(100_000, 1_000_000)) : undefined,
      fees: 0,
      gatewayResponse: 'Pending',
      paidAt: null,
      createdAt: new Date().toISOString(),
      metadata: metadata ?? {},
    };
    this.charges.set(reference, charge);
    return ok('Charge attempted', this.chargeStep(charge));
  }

  private submitOtp(body: Record<string, unknown>): Answer {
    const charge = typeof body.reference === 'string' ? this.charges.get(body.reference) : undefined;
    if (!charge) return refused(404, 'Transaction reference not found');
    if (charge.step !== 'send_otp') return refused(400, 'Transaction is not waiting for an OTP');
    if (body.otp === charge.otp) charge.step = 'pay_offline';
    return ok('Charge attempted', this.chargeStep(charge, body.otp === charge.otp ? undefined : 'Invalid voucher code, please try again'));
  }

  private checkCharge(reference: string): Answer {
    const charge = this.charges.get(reference);
    if (!charge) return refused(404, 'Transaction reference not found');
    return ok('Reference check successful', { ...this.transactionData(charge), ...this.chargeStep(charge) });
  }

  private chargeStep(charge: StandInCharge, problem?: string) {
    const displayText: Partial<Record<ChargeStep, string>> = {
      send_otp: problem ?? 'Please dial *110# to generate a voucher code. Then input the voucher',
      pay_offline: 'Please complete authorization process on your mobile phone',
    };
    const text = displayText[charge.step];
    return { reference: charge.reference, status: charge.step, ...(text ? { display_text: text } : {}) };
  }

  private verifyTransaction(reference: string): Answer {
    const charge = this.charges.get(reference);
    if (!charge) return refused(404, 'Transaction reference not found');
    return ok('Verification successful', this.transactionData(charge));
  }

  private transactionData(charge: StandInCharge) {
    const status = charge.step === 'success' || charge.step === 'failed' ? charge.step : 'ongoing';
    return {
      id: charge.id,
      domain: 'test',
      status,
      reference: charge.reference,
      amount: charge.amount,
      message: null,
      gateway_response: charge.gatewayResponse,
      paid_at: charge.paidAt,
      created_at: charge.createdAt,
      channel: 'mobile_money',
      currency: 'GHS',
      metadata: charge.metadata,
      fees: charge.step === 'success' ? charge.fees : null,
      authorization: { channel: 'mobile_money', bank: TELCO_NAMES[charge.provider], country_code: 'GH', last4: charge.phone.slice(-4), reusable: false },
      customer: { email: charge.email, phone: charge.phone },
    };
  }

  private createRecipient(body: Record<string, unknown>): Answer {
    const { type, name, account_number: accountNumber, bank_code: bankCode, currency } = body;
    if (type !== 'mobile_money') return refused(400, 'This stand-in keeps mobile money recipients only');
    if (typeof name !== 'string' || name === '') return refused(400, 'Name is required');
    if (typeof accountNumber !== 'string' || !/^0\d{9}$/.test(accountNumber)) return refused(400, 'Invalid account number');
    if (typeof bankCode !== 'string' || !TRANSFER_BANK_CODES.has(bankCode)) return refused(400, 'Invalid bank code');
    if (currency !== 'GHS') return refused(400, 'Currency not supported for mobile money');
    // A duplicate account number gives back the recipient already on record (transferrecipient_create).
    const existing = [...this.recipients.values()].find((r) => r.accountNumber === accountNumber && r.bankCode === bankCode);
    const recipient = existing ?? { code: `RCP_${randomBytes(8).toString('hex')}`, name, accountNumber, bankCode, currency, type };
    this.recipients.set(recipient.code, recipient);
    return ok('Transfer recipient created successfully', this.recipientData(recipient), 201);
  }

  private recipientData(recipient: StandInRecipient) {
    return {
      active: true,
      currency: recipient.currency,
      domain: 'test',
      name: recipient.name,
      recipient_code: recipient.code,
      type: recipient.type,
      details: { authorization_code: null, account_number: recipient.accountNumber, account_name: null, bank_code: recipient.bankCode, bank_name: recipient.bankCode },
    };
  }

  private createTransfer(body: Record<string, unknown>): Answer {
    const { source, amount, recipient: code, reason, currency, reference } = body;
    if (source !== 'balance') return refused(400, 'Source must be balance');
    if (!Number.isInteger(amount) || (amount as number) <= 0) return refused(400, 'Invalid amount');
    if (currency !== 'GHS') return refused(400, 'Invalid currency');
    if (typeof reference !== 'string' || !TRANSFER_REFERENCE.test(reference)) return refused(400, 'Invalid transfer reference');
    if (this.transfers.has(reference)) return refused(400, 'Duplicate transfer reference');
    const recipient = typeof code === 'string' ? this.recipients.get(code) : undefined;
    if (!recipient) return refused(400, 'Recipient specified is invalid');

    const transfer: StandInTransfer = {
      id: this.newId(),
      reference,
      amount: amount as number,
      reason: typeof reason === 'string' ? reason : '',
      status: 'pending',
      transferCode: `TRF_${randomBytes(8).toString('hex')}`,
      recipient,
      createdAt: new Date().toISOString(),
    };
    this.transfers.set(reference, transfer);
    // The network settles the transfer after Paystack has answered, and Paystack posts how it went.
    setImmediate(() => {
      transfer.status = this.payoutsFail ? 'failed' : 'success';
      void this.deliver(`transfer.${transfer.status}`, this.transferData(transfer));
    });
    return ok('Transfer has been queued', this.transferData(transfer));
  }

  private verifyTransfer(reference: string): Answer {
    const transfer = this.transfers.get(reference);
    if (!transfer) return refused(404, 'Transfer not found');
    return ok('Transfer retrieved', this.transferData(transfer));
  }

  private transferData(transfer: StandInTransfer) {
    return {
      amount: transfer.amount,
      createdAt: transfer.createdAt,
      currency: 'GHS',
      domain: 'test',
      failures: null,
      id: transfer.id,
      reason: transfer.reason,
      reference: transfer.reference,
      source: 'balance',
      status: transfer.status,
      transfer_code: transfer.transferCode,
      transferred_at: transfer.status === 'success' ? new Date().toISOString() : null,
      recipient: this.recipientData(transfer.recipient),
      fee_charged: 0,
      gateway_response: transfer.status === 'failed' ? 'The recipient wallet could not receive the transfer' : null,
    };
  }

  private createRefund(body: Record<string, unknown>): Answer {
    const { transaction, amount, currency, customer_note: customerNote, merchant_note: merchantNote } = body;
    const charge = typeof transaction === 'string' ? this.charges.get(transaction) : [...this.charges.values()].find((c) => c.id === transaction);
    if (!charge) return refused(404, 'Transaction not found');
    if (charge.step !== 'success') return refused(400, 'Transaction has not been paid');
    if (currency !== undefined && currency !== 'GHS') return refused(400, 'Invalid currency');
    const alreadyRefunded = this.refunds.filter((r) => r.charge === charge && r.status !== 'failed').reduce((sum, r) => sum + r.amount, 0);
    const left = charge.amount - alreadyRefunded;
    const wanted = amount === undefined ? left : amount;
    if (!Number.isInteger(wanted) || (wanted as number) <= 0) return refused(400, 'Invalid amount');
    if ((wanted as number) > left) return refused(400, 'Refund amount cannot be more than what is left of the transaction');

    const refund: StandInRefund = {
      id: this.newId(),
      charge,
      amount: wanted as number,
      status: 'pending',
      merchantNote: typeof merchantNote === 'string' ? merchantNote : '',
      customerNote: typeof customerNote === 'string' ? customerNote : '',
      createdAt: new Date().toISOString(),
    };
    this.refunds.push(refund);
    const end = this.refundsEnd;
    if (end !== 'held') setImmediate(() => void this.finishRefund(refund, end));
    return ok('Refund has been queued for processing', {
      transaction: { id: charge.id, reference: charge.reference, amount: charge.amount, currency: 'GHS', channel: 'mobile_money' },
      ...this.refundData(refund),
    });
  }

  /** Newest first, `perPage` a page (RefundListResponse). */
  private listRefunds(query: URLSearchParams): Answer {
    const perPage = Math.max(1, Number(query.get('perPage') ?? 50));
    const page = Math.max(1, Number(query.get('page') ?? 1));
    const newestFirst = [...this.refunds].reverse();
    const data = newestFirst.slice((page - 1) * perPage, page * perPage).map((refund) => this.refundData(refund));
    const meta = { total: newestFirst.length, skipped: (page - 1) * perPage, perPage, page, pageCount: Math.max(1, Math.ceil(newestFirst.length / perPage)) };
    return { status: 200, body: { status: true, message: 'Refunds retrieved', data, meta } };
  }

  private fetchRefund(id: number): Answer {
    const refund = this.refunds.find((r) => r.id === id);
    if (!refund) return refused(404, 'Refund not found');
    return ok('Refund retrieved', { ...this.refundData(refund), transaction: refund.charge.id, transaction_reference: refund.charge.reference });
  }

  private refundData(refund: StandInRefund) {
    return {
      id: refund.id,
      domain: 'test',
      currency: 'GHS',
      amount: refund.amount,
      status: refund.status,
      merchant_note: refund.merchantNote,
      customer_note: refund.customerNote,
      deducted_amount: refund.status === 'processed' ? refund.amount : 0,
      fully_deducted: refund.status === 'processed',
      createdAt: refund.createdAt,
    };
  }

  private newId(): number {
    this.nextId += 1;
    return this.nextId;
  }

  /** Posts an event to the webhook URL, signed with the secret key over the exact bytes sent. */
  private deliver(event: string, data: unknown): Promise<void> {
    const url = this.webhookUrl;
    if (!url) return Promise.resolve();
    const body = JSON.stringify({ event, data });
    const signature = createHmac('sha512', this.secretKey).update(body).digest('hex');
    const delivery = fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', 'x-paystack-signature': signature }, body })
      .then((response) => response.body?.cancel())
      .catch(() => undefined)
      .finally(() => this.deliveries.delete(delivery));
    this.deliveries.add(delivery);
    return delivery;
  }
}

function send(res: ServerResponse, answer: Answer): void {
  res.writeHead(answer.status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(answer.body));
}
