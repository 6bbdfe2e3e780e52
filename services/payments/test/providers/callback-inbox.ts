import type { ProviderCallback } from '@krom/server-kit/providers';
import { bodyOf, type LocalServer, listenLocally } from './local-server.ts';

/** The path the BFF serves the mobile money gateways' callbacks on; the inbox listens on the same. */
export const MOBILE_MONEY_CALLBACK_PATH = '/api/callbacks/payments/mobile-money';

/**
 * Stands where the BFF's public callback route would: keeps each callback a gateway posts (the
 * bytes, the headers and the URL called) and answers 200, so a test can read what the gateway
 * sent and wait for the one it expects as it arrives.
 */
export class CallbackInbox {
  readonly received: ProviderCallback[] = [];
  private server: LocalServer | undefined;
  private waiting: { matches: (callback: ProviderCallback) => boolean; resolve: (callback: ProviderCallback) => void }[] = [];

  async start(): Promise<void> {
    this.server = await listenLocally(async (req, res) => {
      const rawBody = await bodyOf(req);
      const headers = Object.fromEntries(Object.entries(req.headers).map(([name, value]) => [name, Array.isArray(value) ? value.join(', ') : value]));
      const callback = { rawBody, headers, url: `${this.origin}${req.url}` };
      this.received.push(callback);
      res.writeHead(200).end();
      for (const waiter of this.waiting.filter((w) => w.matches(callback))) {
        this.waiting.splice(this.waiting.indexOf(waiter), 1);
        waiter.resolve(callback);
      }
    });
  }

  get origin(): string {
    return this.server!.origin;
  }

  /** The URL to give a gateway as its callback URL. */
  get url(): string {
    return `${this.origin}${MOBILE_MONEY_CALLBACK_PATH}`;
  }

  /** The first callback, received already or still to come, that `matches` accepts. */
  first(matches: (callback: ProviderCallback) => boolean): Promise<ProviderCallback> {
    const already = this.received.find(matches);
    if (already) return Promise.resolve(already);
    return new Promise((resolve) => this.waiting.push({ matches, resolve }));
  }

  async stop(): Promise<void> {
    await this.server?.close();
  }
}
