import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { bodyOf, type LocalServer, listenLocally } from './local-server.ts';

/** What the stand-in keeps of any movement: Hubtel's ids, the wallet, and the amounts in whole pesewas (Hubtel's JSON carries cedis). */
type Recorded = {
  clientReference: string;
  transactionId: string;
  msisdn: string;
  channel: string;
  amount: number;
  charges: number;
  description: string;
  callbackUrl: string;
  /** The JSON body of the request, as it came. */
  rawRequest: string;
};

/** A prompt sent with Direct Receive Money. */
export type HubtelReceipt = Recorded & { customerName: string; status: 'Unpaid' | 'Paid'; date: string };

/** A transfer sent with Direct Send Money. */
export type HubtelTransfer = Recorded & { recipientName: string; transactionStatus: 'pending' | 'success' | 'failed'; createdAt: string };

type Answer = { status: number; body: object };
type Fields = Record<string, unknown>;

const RECEIVE = /^\/merchantaccount\/merchants\/([^/]+)\/receive\/mobilemoney$/;
const RECEIVE_STATUS = /^\/transactions\/([^/]+)\/status$/;
const SEND = /^\/api\/merchants\/([^/]+)\/send\/mobilemoney$/;
const SEND_STATUS = /^\/api\/merchants\/([^/]+)\/transactions\/status$/;
const channels = new Set(['mtn-gh', 'vodafone-gh', 'tigo-gh']);

/** Cedis as Hubtel's JSON writes them, from whole pesewas (worked out here apart from the adapter's own conversion). */
const asCedis = (pesewas: number) => Number(`${Math.trunc(pesewas / 100)}.${String(pesewas % 100).padStart(2, '0')}`);

/** An Amount in pesewas if it is a positive number with at most two decimals, as Hubtel requires. */
function pesewasOf(amount: unknown): number | undefined {
  const match = typeof amount === 'number' ? /^(\d+)(?:\.(\d{1,2}))?$/.exec(String(amount)) : null;
  if (!match) return undefined;
  const pesewas = Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
  return pesewas > 0 ? pesewas : undefined;
}

/** The stand-in's fee on either direction: 1% of the amount, rounded up to the pesewa. */
const feeOn = (pesewas: number) => Math.ceil(pesewas / 100);

const validation = (problem: string): Answer => ({ status: 400, body: { ResponseCode: '4000', Message: `Validation errors: ${problem}` } });

/**
 * A local HTTP server answering as Hubtel's Direct Receive Money, Direct Send Money and their two
 * status checks do (Hubtel's Sales API references: paths, Basic auth with the API ID and key, the
 * POS Sales and Prepaid Deposit ids in the paths, PascalCase requests, ResponseCode 0001 for
 * accepted, callbacks with 0000 or a failure code). One server takes every host's paths.
 *
 * What Hubtel's references leave unsaid, the stand-in does plainly: a ClientReference used before
 * is refused as a validation error (4000, HTTP 400); a status check for a reference it never saw
 * answers 404; the status check says Unpaid for a declined prompt as for a waiting one (the
 * reference lists only Paid, Unpaid and Refunded).
 *
 * The test drives the customer and the networks: `approve` / `decline` a prompt, `completeTransfer`
 * / `failTransfer` a transfer; each posts Hubtel's callback to the URL the request named and
 * resolves once it was answered. With `settleTransfers` on, each transfer settles by itself right
 * after it was answered (failed while `failTransfers` is on), as the networks would.
 */
export class HubtelStandIn {
  readonly clientId = `api${randomBytes(4).toString('hex')}`;
  readonly clientSecret = randomBytes(16).toString('hex');
  readonly posSalesId = '11684';
  readonly prepaidDepositId = '11691';
  readonly receipts = new Map<string, HubtelReceipt>();
  readonly transfers = new Map<string, HubtelTransfer>();
  /** Every request that reached the routes, in order. */
  readonly requests: { method: string; path: string }[] = [];
  /** Transfers settle by themselves once answered (see the class comment). */
  settleTransfers = false;
  failTransfers = false;
  private server: LocalServer | undefined;
  private forced: Answer[] = [];
  /** How the next accepted requests are answered instead: the connection dropped, or no answer at all. */
  private lostAnswers: ('drop' | 'stall')[] = [];
  private serial = 0;
  /** Transfers settling by themselves, awaited on stop so none posts into a closed test. */
  private settling = new Set<Promise<void>>();

  async start(): Promise<string> {
    this.server = await listenLocally((req, res) => void this.answer(req, res));
    return this.baseUrl;
  }

  get baseUrl(): string {
    return this.server!.origin;
  }

  async stop(): Promise<void> {
    await Promise.all(this.settling);
    await this.server?.close();
  }

  /** The next request is answered with this instead of being handled. */
  failNext(status: number, body: object): void {
    this.forced.push({ status, body });
  }

  /** The next request that Hubtel accepts is carried out, and then its answer is lost. */
  loseNextAnswer(how: 'drop' | 'stall'): void {
    this.lostAnswers.push(how);
  }

  /** The customer types their PIN: the prompt is paid and Hubtel's success callback goes out. */
  async approve(clientReference: string): Promise<void> {
    const receipt = this.pendingReceipt(clientReference);
    receipt.status = 'Paid';
    const network = { 'mtn-gh': 'MTN Mobile Money', 'vodafone-gh': 'Telecel Cash', 'tigo-gh': 'AirtelTigo Money' }[receipt.channel];
    await this.notify(receipt.callbackUrl, { ResponseCode: '0000', Message: 'success', Data: this.receiptCallbackData(receipt, `The ${network} payment has been approved and processed successfully`) });
  }

  /**
   * The customer declines (or the prompt lapses): the failure callback goes out; Hubtel's record
   * stays Unpaid. `askedMsAgo` dates the prompt back, as one sent that long before it was declined.
   */
  async decline(clientReference: string, askedMsAgo = 0): Promise<void> {
    const receipt = this.pendingReceipt(clientReference);
    receipt.date = new Date(Date.parse(receipt.date) - askedMsAgo).toISOString();
    await this.notify(receipt.callbackUrl, { ResponseCode: '2001', Message: 'failed', Data: this.receiptCallbackData(receipt, 'FAILED') });
  }

  /** The network credits the wallet: the transfer succeeds and its callback goes out. */
  async completeTransfer(clientReference: string): Promise<void> {
    const transfer = this.pendingTransfer(clientReference);
    transfer.transactionStatus = 'success';
    await this.notify(transfer.callbackUrl, { ResponseCode: '0000', Data: this.transferCallbackData(transfer, 'Mobile money payment has been made successfully') });
  }

  /** The transfer fails (by default as Hubtel's "Insufficient prepaid balance", 4075) and its callback goes out. */
  async failTransfer(clientReference: string, code = '4075', description = 'Insufficient prepaid balance.'): Promise<void> {
    const transfer = this.pendingTransfer(clientReference);
    transfer.transactionStatus = 'failed';
    await this.notify(transfer.callbackUrl, { ResponseCode: code, Data: this.transferCallbackData(transfer, description) });
  }

  private settleByItself(clientReference: string): void {
    // A callback the test's inbox no longer takes is lost, as Hubtel's would be.
    const settled = (this.failTransfers ? this.failTransfer(clientReference) : this.completeTransfer(clientReference)).catch(() => undefined);
    this.settling.add(settled);
    void settled.finally(() => this.settling.delete(settled));
  }

  private pendingReceipt(clientReference: string): HubtelReceipt {
    const receipt = this.receipts.get(clientReference);
    if (receipt?.status !== 'Unpaid') throw new Error(`No prompt waiting under ${clientReference}`);
    return receipt;
  }

  private pendingTransfer(clientReference: string): HubtelTransfer {
    const transfer = this.transfers.get(clientReference);
    if (transfer?.transactionStatus !== 'pending') throw new Error(`No transfer on its way under ${clientReference}`);
    return transfer;
  }

  private receiptCallbackData(receipt: HubtelReceipt, description: string) {
    return {
      Amount: asCedis(receipt.amount),
      Charges: asCedis(receipt.charges),
      AmountAfterCharges: asCedis(receipt.amount),
      Description: description,
      ClientReference: receipt.clientReference,
      TransactionId: receipt.transactionId,
      ExternalTransactionId: String(2_116_938_399 + this.serial),
      AmountCharged: asCedis(receipt.amount + receipt.charges),
      OrderId: receipt.transactionId,
      PaymentDate: new Date().toISOString(),
    };
  }

  private transferCallbackData(transfer: HubtelTransfer, description: string) {
    return {
      AmountDebited: asCedis(transfer.amount + transfer.charges),
      TransactionId: transfer.transactionId,
      ExternalTransactionId: transfer.transactionStatus === 'success' ? String(142_116_938_399 + this.serial) : null,
      Description: description,
      ClientReference: transfer.clientReference,
      Amount: asCedis(transfer.amount),
      Charges: asCedis(transfer.charges),
      Meta: null,
      RecipientName: transfer.recipientName,
    };
  }

  private async notify(url: string, body: object): Promise<void> {
    const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    await response.body?.cancel();
  }

  private async answer(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const raw = (await bodyOf(req)).toString('utf8');
    const url = new URL(req.url ?? '/', this.baseUrl);
    this.requests.push({ method: req.method ?? '', path: url.pathname });
    const expected = `Basic ${Buffer.from(`${this.clientId}:${this.clientSecret}`).toString('base64')}`;
    if (req.headers.authorization !== expected) return send(res, { status: 401, body: { ResponseCode: '4101', Message: 'Client request keys do not match business API keys' } });
    const forced = this.forced.shift();
    if (forced) return send(res, forced);

    const route = this.route(req.method ?? '', url, raw);
    if (!route) return send(res, { status: 404, body: { Message: 'Not found' } });
    const { answer, accepted } = route;
    const lost = accepted ? this.lostAnswers.shift() : undefined;
    if (lost === 'drop') return void req.socket.destroy();
    if (lost === 'stall') return;
    const transfer = accepted && this.settleTransfers ? this.transfers.get(JSON.parse(raw).ClientReference) : undefined;
    if (transfer) res.once('finish', () => this.settleByItself(transfer.clientReference));
    send(res, answer);
  }

  /** The routes by method and path; each checks the account id in its path. */
  private route(method: string, url: URL, raw: string): { answer: Answer; accepted: boolean } | undefined {
    const routes: [string, RegExp, string, () => { answer: Answer; accepted: boolean }][] = [
      ['POST', RECEIVE, this.posSalesId, () => this.receive(raw)],
      ['POST', SEND, this.prepaidDepositId, () => this.send(raw)],
      ['GET', RECEIVE_STATUS, this.posSalesId, () => ({ answer: this.receiptStatus(url.searchParams.get('clientReference')), accepted: false })],
      ['GET', SEND_STATUS, this.prepaidDepositId, () => ({ answer: this.transferStatus(url.searchParams.get('clientReference')), accepted: false })],
    ];
    for (const [verb, pattern, account, handle] of routes) {
      const match = verb === method ? pattern.exec(url.pathname) : null;
      if (!match) continue;
      if (match[1] !== account) return { answer: { status: 401, body: { ResponseCode: '4101', Message: 'Business not set up for this account' } }, accepted: false };
      return handle();
    }
    return undefined;
  }

  /**
   * Reads a Receive or Send Money request: the fields both check the same way, as a new record,
   * with the whole body for the rest; or the validation problem.
   */
  private recorded(raw: string, msisdnField: string, callbackField: string): { record: Recorded; body: Fields } | string {
    const body = parseFields(raw);
    if (!body) return 'the body is not JSON';
    const { ClientReference: clientReference, Channel: channel, Description: description } = body;
    const [msisdn, callbackUrl] = [body[msisdnField], body[callbackField]];
    if (typeof clientReference !== 'string' || !/^[A-Za-z0-9]{1,36}$/.test(clientReference)) return 'ClientReference must be 1 to 36 letters and digits';
    if (this.receipts.has(clientReference) || this.transfers.has(clientReference)) return 'ClientReference has been used before';
    if (typeof msisdn !== 'string' || !/^233\d{9}$/.test(msisdn)) return `${msisdnField} must be a number in international format`;
    if (typeof channel !== 'string' || !channels.has(channel)) return 'Channel must be mtn-gh, vodafone-gh or tigo-gh';
    if (typeof description !== 'string' || description === '' || /[&%^]/.test(description)) return 'Description is required, without & % ^';
    if (typeof callbackUrl !== 'string' || !URL.canParse(callbackUrl)) return `${callbackField} must be a URL`;
    const amount = pesewasOf(body.Amount);
    if (amount === undefined) return 'Amount must be a positive number with at most 2 decimal places';
    this.serial += 1;
    const transactionId = randomBytes(16).toString('hex');
    return { record: { clientReference, transactionId, msisdn, channel, amount, charges: feeOn(amount), description, callbackUrl, rawRequest: raw }, body };
  }

  private receive(raw: string): { answer: Answer; accepted: boolean } {
    const read = this.recorded(raw, 'CustomerMsisdn', 'PrimaryCallbackUrl');
    if (typeof read === 'string') return { answer: validation(read), accepted: false };
    const { record, body } = read;
    const customerName = typeof body.CustomerName === 'string' ? body.CustomerName : '';
    this.receipts.set(record.clientReference, { ...record, customerName, status: 'Unpaid', date: new Date().toISOString() });
    const data = {
      TransactionId: record.transactionId,
      Description: record.description,
      ClientReference: record.clientReference,
      Amount: asCedis(record.amount),
      Charges: asCedis(record.charges),
      AmountAfterCharges: asCedis(record.amount),
      AmountCharged: asCedis(record.amount + record.charges),
      DeliveryFee: 0.0,
    };
    return { answer: { status: 200, body: { Message: 'Transaction pending. Expect callback request for final state', ResponseCode: '0001', Data: data } }, accepted: true };
  }

  private send(raw: string): { answer: Answer; accepted: boolean } {
    const read = this.recorded(raw, 'RecipientMsisdn', 'PrimaryCallbackURL');
    if (typeof read === 'string') return { answer: validation(read), accepted: false };
    const { record, body } = read;
    if (typeof body.RecipientName !== 'string' || body.RecipientName === '') return { answer: validation('RecipientName is required'), accepted: false };
    const createdAt = new Date().toISOString().replace('T', ' ').slice(0, 19);
    this.transfers.set(record.clientReference, { ...record, recipientName: body.RecipientName, transactionStatus: 'pending', createdAt });
    const data = {
      AmountDebited: 0.0,
      TransactionId: record.transactionId,
      Description: 'Your request has been accepted. We will notify you when the transaction is completed.',
      ClientReference: record.clientReference,
      ExternalTransactionId: '',
      Amount: asCedis(record.amount),
      Charges: asCedis(record.charges),
      Meta: null,
      RecipientName: null,
    };
    return { answer: { status: 200, body: { ResponseCode: '0001', Data: data } }, accepted: true };
  }

  private receiptStatus(clientReference: string | null): Answer {
    const receipt = clientReference ? this.receipts.get(clientReference) : undefined;
    if (!receipt) return { status: 404, body: { message: 'Transaction not found', data: null } };
    const data = {
      date: receipt.date,
      status: receipt.status,
      transactionId: receipt.transactionId,
      externalTransactionId: receipt.status === 'Paid' ? String(6_824_852_622 + this.serial) : null,
      paymentMethod: 'mobilemoney',
      clientReference: receipt.clientReference,
      currencyCode: null,
      amount: asCedis(receipt.amount),
      charges: asCedis(receipt.charges),
      amountAfterCharges: asCedis(receipt.amount),
      isFulfilled: null,
    };
    return { status: 200, body: { message: 'Successful', responseCode: '0000', data } };
  }

  private transferStatus(clientReference: string | null): Answer {
    const transfer = clientReference ? this.transfers.get(clientReference) : undefined;
    if (!transfer) return { status: 404, body: { Message: 'Transaction not found', Data: null } };
    const data = {
      TransactionId: transfer.transactionId,
      networkTransactionId: transfer.transactionStatus === 'success' ? String(142_116_938_399 + this.serial) : null,
      Amount: asCedis(transfer.amount),
      Fees: asCedis(transfer.charges),
      ClientReference: transfer.clientReference,
      Channel: transfer.channel,
      CustomerNumber: transfer.msisdn,
      transactionStatus: transfer.transactionStatus,
      CreatedAt: transfer.createdAt,
    };
    return { status: 200, body: { ResponseCode: 'success', Data: data } };
  }
}

/** The request body as a JSON object, if it is one. */
function parseFields(raw: string): Fields | undefined {
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return undefined;
  }
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Fields) : undefined;
}

function send(res: ServerResponse, answer: Answer): void {
  res.writeHead(answer.status, { 'content-type': 'application/json; charset=utf-8' });
  res.end(JSON.stringify(answer.body));
}
