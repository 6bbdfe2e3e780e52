import { randomBytes } from 'node:crypto';
import { type AddressInfo, createServer, type Server, type Socket } from 'node:net';

export type ReceivedMail = {
  envelopeFrom: string;
  envelopeTo: string[];
  /** Header values, unfolded and decoded, by lower-case name. */
  headers: Record<string, string>;
  subject: string;
  /** The body, transfer encoding undone, with LF line ends. */
  text: string;
  messageId: string;
};

type Reply = { code: number; text: string };

/**
 * A small SMTP server (RFC 5321: greeting, EHLO/HELO, MAIL, RCPT, DATA, RSET, NOOP, QUIT) that
 * keeps what it receives, so the real nodemailer transport can be tested offline. It can be
 * told to refuse messages at the end of DATA, as a real server does when it defers or rejects.
 */
export class TinySmtpServer {
  readonly messages: ReceivedMail[] = [];
  private server: Server | undefined;
  private readonly sockets = new Set<Socket>();
  private forced: Reply[] = [];
  private always: Reply | undefined;
  /** How the next accepted messages are answered instead of 250: the connection dropped, or no answer at all. */
  private lostAnswers: ('drop' | 'stall')[] = [];

  async start(): Promise<string> {
    this.server = createServer((socket) => this.converse(socket));
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    return this.url;
  }

  get url(): string {
    return `smtp://127.0.0.1:${(this.server!.address() as AddressInfo).port}`;
  }

  async stop(): Promise<void> {
    for (const socket of this.sockets) socket.destroy();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  /** The next `times` messages are answered with this reply instead of 250. */
  refuseNext(reply: Reply, times = 1): void {
    for (let i = 0; i < times; i += 1) this.forced.push(reply);
  }

  refuseAlways(reply: Reply | undefined): void {
    this.always = reply;
  }

  /**
   * The next `times` messages are taken (kept, as delivered) at the end of DATA but their 250 is
   * lost: `drop` closes the connection, `stall` never answers (the client's timeout ends it).
   */
  loseAnswerAfterAccepting(how: 'drop' | 'stall', times = 1): void {
    for (let i = 0; i < times; i += 1) this.lostAnswers.push(how);
  }

  private converse(socket: Socket): void {
    this.sockets.add(socket);
    socket.on('close', () => this.sockets.delete(socket));
    socket.on('error', () => socket.destroy());
    const say = (line: string) => socket.write(`${line}\r\n`);
    let buffered = '';
    let inData = false;
    let dataLines: string[] = [];
    let from = '';
    let to: string[] = [];

    say('220 tiny.krom.test ESMTP ready');
    socket.on('data', (chunk) => {
      buffered += chunk.toString('utf8');
      for (let end = buffered.indexOf('\r\n'); end >= 0; end = buffered.indexOf('\r\n')) {
        const line = buffered.slice(0, end);
        buffered = buffered.slice(end + 2);
        if (inData) {
          if (line !== '.') {
            // Dot-stuffing: a leading '.' of a data line was doubled by the client.
            dataLines.push(line.startsWith('..') ? line.slice(1) : line);
            continue;
          }
          inData = false;
          const refusal = this.forced.shift() ?? this.always;
          if (refusal) {
            say(`${refusal.code} ${refusal.text}`);
          } else {
            this.messages.push(parseMessage(from, to, dataLines));
            const lost = this.lostAnswers.shift();
            if (lost === 'drop') return void socket.destroy();
            if (lost === 'stall') return;
            say(`250 2.0.0 OK queued as ${randomBytes(6).toString('hex')}`);
          }
          dataLines = [];
          continue;
        }
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'EHLO') {
          say('250-tiny.krom.test greets you');
          say('250 8BITMIME');
        } else if (verb === 'HELO' || verb === 'NOOP') {
          say('250 OK');
        } else if (verb === 'MAIL') {
          from = /<([^>]*)>/.exec(line)?.[1] ?? '';
          to = [];
          say('250 2.1.0 OK');
        } else if (verb === 'RCPT') {
          to.push(/<([^>]*)>/.exec(line)?.[1] ?? '');
          say('250 2.1.5 OK');
        } else if (verb === 'DATA') {
          inData = true;
          say('354 End data with <CR><LF>.<CR><LF>');
        } else if (verb === 'RSET') {
          from = '';
          to = [];
          say('250 OK');
        } else if (verb === 'QUIT') {
          say('221 2.0.0 Bye');
          socket.end();
        } else {
          say('502 5.5.2 Command not implemented');
        }
      }
    });
  }
}

function parseMessage(envelopeFrom: string, envelopeTo: string[], lines: string[]): ReceivedMail {
  const blank = lines.indexOf('');
  const headerLines = lines.slice(0, blank);
  const bodyLines = lines.slice(blank + 1);
  const headers: Record<string, string> = {};
  let last = '';
  for (const line of headerLines) {
    if (/^\s/.test(line) && last) {
      headers[last] += ` ${line.trim()}`;
      continue;
    }
    const colon = line.indexOf(':');
    last = line.slice(0, colon).toLowerCase();
    headers[last] = line.slice(colon + 1).trim();
  }
  for (const name of Object.keys(headers)) headers[name] = decodeEncodedWords(headers[name]!);
  const encoding = (headers['content-transfer-encoding'] ?? '7bit').toLowerCase();
  const raw = bodyLines.join('\n');
  const text =
    encoding === 'quoted-printable'
      ? Buffer.from(raw.replace(/=\n/g, '').replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16))), 'latin1').toString('utf8')
      : encoding === 'base64'
        ? Buffer.from(raw.replace(/\s+/g, ''), 'base64').toString('utf8')
        : raw;
  return { envelopeFrom, envelopeTo, headers, subject: headers.subject ?? '', text, messageId: headers['message-id'] ?? '' };
}

/** RFC 2047 encoded words (=?UTF-8?Q?…?= and =?UTF-8?B?…?=), as nodemailer writes non-ASCII headers. */
function decodeEncodedWords(value: string): string {
  return value.replace(/=\?([^?]+)\?([QqBb])\?([^?]*)\?=\s*/g, (_, _charset: string, kind: string, word: string) =>
    kind.toUpperCase() === 'B'
      ? Buffer.from(word, 'base64').toString('utf8')
      : Buffer.from(word.replace(/_/g, ' ').replace(/=([0-9A-F]{2})/gi, (__, hex: string) => String.fromCharCode(Number.parseInt(hex, 16))), 'latin1').toString('utf8'),
  );
}
