import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ProviderCallback } from '@krom/server-kit/providers';
import { formParams } from '@krom/server-kit/providers';

/** The path the BFF serves Twilio's status callback on; the receiver listens on the same. */
export const STATUS_CALLBACK_PATH = '/api/callbacks/twilio/sms-status';

/**
 * Stands where the BFF's public callback route would: records each status callback an SMS
 * provider posts (the bytes, the headers and the URL called) and answers 200, so a test can check
 * what the provider sent and hand it to the service itself.
 */
export class StatusCallbackReceiver {
  readonly received: ProviderCallback[] = [];
  private server: Server | undefined;

  async start(): Promise<void> {
    this.server = createServer(async (req, res) => {
      const chunks: Buffer[] = [];
      for await (const chunk of req) chunks.push(chunk as Buffer);
      const headers = Object.fromEntries(Object.entries(req.headers).map(([name, value]) => [name, Array.isArray(value) ? value.join(', ') : value]));
      this.received.push({ rawBody: Buffer.concat(chunks), headers, url: `${this.origin}${req.url}` });
      res.writeHead(200).end();
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
  }

  get origin(): string {
    return `http://127.0.0.1:${(this.server!.address() as AddressInfo).port}`;
  }

  /** The URL to give a provider as its status callback. */
  get url(): string {
    return `${this.origin}${STATUS_CALLBACK_PATH}`;
  }

  /** The callbacks received about one message, in the order they came. */
  about(providerId: string): ProviderCallback[] {
    return this.received.filter((callback) => formParams(callback.rawBody).MessageSid === providerId);
  }

  async stop(): Promise<void> {
    this.server?.closeAllConnections();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }
}
