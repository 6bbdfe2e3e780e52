import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ProviderCallback } from '@krom/server-kit/providers';

/**
 * Stands where the BFF's public Hubtel callback route would: keeps each callback Hubtel posts
 * (its bytes, headers and the full URL it called, token and all) and answers 200, so a test can
 * hand exactly that to the adapter.
 */
export class HubtelCallbackInbox {
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

  /** The URL to configure as the adapter's callbackUrl. */
  get url(): string {
    return `${this.origin}/api/callbacks/hubtel/mobile-money`;
  }

  /** The callbacks received about one Hubtel ClientReference, in the order they came. */
  about(clientReference: string): ProviderCallback[] {
    return this.received.filter((callback) => (JSON.parse(callback.rawBody.toString('utf8')) as { Data?: { ClientReference?: string } }).Data?.ClientReference === clientReference);
  }

  async stop(): Promise<void> {
    this.server?.closeAllConnections();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }
}
