import { createHmac, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export type TwilioMessageRecord = { sid: string; to: string; from: string; body: string; authorization: string | undefined };
type ErrorAnswer = { status: number; code: number; message: string };

const MESSAGES_PATH = /^\/2010-04-01\/Accounts\/([^/]+)\/Messages\.json$/;

/**
 * Twilio's request signature, worked out here from its documentation rather than with the twilio
 * library the service checks it with: HMAC-SHA1, keyed with the auth token, of the full URL
 * followed by each POST parameter's name and value sorted by name, base64-encoded.
 */
export function twilioStyleSignature(authToken: string, url: string, params: Record<string, string>): string {
  const signed = Object.keys(params)
    .sort()
    .reduce((text, name) => `${text}${name}${params[name]}`, url);
  return createHmac('sha1', authToken).update(signed, 'utf8').digest('base64');
}

/**
 * A local HTTP endpoint answering like Twilio's Messages API (POST form To/From/Body → 201 JSON
 * with a sid; Twilio-style error JSON otherwise), so the real twilio client can be tested offline.
 * A message sent with a StatusCallback gets Twilio's status callbacks there, signed with the
 * auth token: `sent`, then `delivered` (or `undelivered` with error 30003 to a number in `unreachable`).
 */
export class FakeTwilioApi {
  readonly messages: TwilioMessageRecord[] = [];
  /** Numbers whose messages the carrier cannot deliver. */
  readonly unreachable = new Set<string>();
  requests = 0;
  private server: Server | undefined;
  private forced: ErrorAnswer[] = [];
  private always: ErrorAnswer | undefined;
  /** While set, every answer waits for it: the test decides when Twilio answers. */
  private held: Promise<void> | undefined;
  /** Resolves the next time a Messages request arrives. */
  private arrivals: (() => void)[] = [];
  /** How the next accepted messages are answered instead of a 201: the connection dropped, or no answer at all. */
  private lostAnswers: ('drop' | 'stall')[] = [];

  constructor(
    readonly accountSid = `AC${randomBytes(16).toString('hex')}`,
    readonly authToken = randomBytes(16).toString('hex'),
  ) {}

  async start(): Promise<string> {
    this.server = createServer((req, res) => void this.answer(req, res));
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    return this.baseUrl;
  }

  get baseUrl(): string {
    return `http://127.0.0.1:${(this.server!.address() as AddressInfo).port}`;
  }

  async stop(): Promise<void> {
    this.server?.closeAllConnections();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  /** The next `times` Messages requests get this error instead of a 201. */
  failNext(answer: ErrorAnswer, times = 1): void {
    for (let i = 0; i < times; i += 1) this.forced.push(answer);
  }

  failAlways(answer: ErrorAnswer | undefined): void {
    this.always = answer;
  }

  /** Holds every answer until the returned function is called. */
  holdAnswers(): () => void {
    let release = () => {};
    this.held = new Promise((resolve) => {
      release = resolve;
    });
    return () => {
      this.held = undefined;
      release();
    };
  }

  /**
   * The next `times` messages are accepted (kept, as sent) but their answer is lost: `drop`
   * closes the connection, `stall` never answers (the client's timeout ends it).
   */
  loseAnswerAfterAccepting(how: 'drop' | 'stall', times = 1): void {
    for (let i = 0; i < times; i += 1) this.lostAnswers.push(how);
  }

  nextRequest(): Promise<void> {
    return new Promise((resolve) => this.arrivals.push(resolve));
  }

  private async answer(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const match = MESSAGES_PATH.exec(req.url ?? '');
    if (req.method !== 'POST' || !match) return send(res, 404, { code: 20404, message: 'The requested resource was not found', status: 404 });
    this.requests += 1;
    for (const arrived of this.arrivals.splice(0)) arrived();
    await this.held;

    const expected = `Basic ${Buffer.from(`${this.accountSid}:${this.authToken}`).toString('base64')}`;
    if (match[1] !== this.accountSid || req.headers.authorization !== expected) {
      return send(res, 401, { code: 20003, message: 'Authenticate', more_info: 'https://www.twilio.com/docs/errors/20003', status: 401 });
    }
    const forced = this.forced.shift() ?? this.always;
    if (forced) return send(res, forced.status, { ...forced, more_info: `https://www.twilio.com/docs/errors/${forced.code}` });

    const form = new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
    const to = form.get('To') ?? '';
    const from = form.get('From') ?? '';
    const body = form.get('Body') ?? '';
    if (!/^\+[1-9]\d{6,14}$/.test(to)) {
      return send(res, 400, { code: 21211, message: `Invalid 'To' Phone Number: ${to}`, status: 400 });
    }
    if (body === '') return send(res, 400, { code: 21602, message: 'Message body is required.', status: 400 });

    const sid = `SM${randomBytes(16).toString('hex')}`;
    this.messages.push({ sid, to, from, body, authorization: req.headers.authorization });
    const lost = this.lostAnswers.shift();
    if (lost === 'drop') return void req.socket.destroy();
    if (lost === 'stall') return;
    const statusCallback = form.get('StatusCallback');
    if (statusCallback) res.once('finish', () => void this.reportStatus(statusCallback, { sid, to, from }));
    send(res, 201, {
      sid,
      account_sid: this.accountSid,
      to,
      from,
      body,
      status: 'queued',
      direction: 'outbound-api',
      num_segments: '1',
      api_version: '2010-04-01',
      date_created: new Date().toUTCString(),
      error_code: null,
      error_message: null,
      uri: `/2010-04-01/Accounts/${this.accountSid}/Messages/${sid}.json`,
    });
  }

  /** Posts the message's status changes to its StatusCallback, one after the other, as Twilio does. */
  private async reportStatus(url: string, message: { sid: string; to: string; from: string }): Promise<void> {
    const settled: Record<string, string> = this.unreachable.has(message.to) ? { MessageStatus: 'undelivered', ErrorCode: '30003' } : { MessageStatus: 'delivered' };
    for (const status of [{ MessageStatus: 'sent' }, settled]) {
      const params: Record<string, string> = {
        AccountSid: this.accountSid,
        ApiVersion: '2010-04-01',
        From: message.from,
        MessageSid: message.sid,
        SmsSid: message.sid,
        SmsStatus: status.MessageStatus ?? '',
        To: message.to,
        ...status,
      };
      const response = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-twilio-signature': twilioStyleSignature(this.authToken, url, params) },
        body: new URLSearchParams(params),
      }).catch(() => undefined);
      await response?.body?.cancel();
    }
  }
}

function send(res: ServerResponse, status: number, body: object): void {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}
