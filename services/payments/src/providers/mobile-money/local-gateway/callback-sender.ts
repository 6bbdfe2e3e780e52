import type { FastifyBaseLogger } from 'fastify';
import type { GatewayMovement } from './gateway-books.ts';
import { LOCAL_MOMO_SIGNATURE_HEADER, localMomoSignature } from './signature.ts';

/** The callback's body: which movement settled, as a gateway's event names it. Krom reads the movement again before acting. */
export type LocalMomoEvent = { event: string; data: { kind: GatewayMovement['kind']; reference: string; status: GatewayMovement['status']; amount: number } };

/** How long to wait before each further try of a callback Krom did not take (a real gateway retries for longer). */
const RETRY_DELAYS_MS = [1_000, 5_000, 30_000];

/**
 * Posts a signed callback per settled movement to Krom's callback URL, in the background (the
 * customer's answer on the phone page does not wait for Krom), trying again a few times when Krom
 * does not answer 2xx. Payments never relies on one arriving: its sweep re-verifies what stays pending.
 */
export function callbackSender(settings: { url: string | undefined; secret: string; log: FastifyBaseLogger }) {
  const stopped = new AbortController();
  const inFlight = new Set<Promise<void>>();

  async function deliver(movement: GatewayMovement): Promise<void> {
    const body: LocalMomoEvent = {
      event: `${movement.kind}.${movement.status}`,
      data: { kind: movement.kind, reference: movement.reference, status: movement.status, amount: movement.amount },
    };
    const rawBody = JSON.stringify(body);
    for (let attempt = 0; ; attempt += 1) {
      try {
        const response = await fetch(settings.url!, {
          method: 'POST',
          headers: { 'content-type': 'application/json', [LOCAL_MOMO_SIGNATURE_HEADER]: localMomoSignature(settings.secret, rawBody) },
          body: rawBody,
          signal: AbortSignal.any([stopped.signal, AbortSignal.timeout(10_000)]),
        });
        await response.body?.cancel();
        if (response.ok) return;
        settings.log.warn({ reference: movement.reference, status: response.status }, 'Krom refused the callback');
      } catch (error) {
        if (stopped.signal.aborted) return;
        settings.log.warn({ reference: movement.reference, err: error }, 'the callback did not reach Krom');
      }
      const delay = RETRY_DELAYS_MS[attempt];
      if (delay === undefined || stopped.signal.aborted) return;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, delay);
        stopped.signal.addEventListener('abort', () => {
          clearTimeout(timer);
          resolve();
        });
      });
      if (stopped.signal.aborted) return;
    }
  }

  return {
    /** Sends the callback about a movement that just settled (or moved on), without waiting for it. */
    send(movement: GatewayMovement): void {
      if (!settings.url) {
        settings.log.info({ reference: movement.reference }, 'no callback URL set: callback not sent');
        return;
      }
      const delivery = deliver(movement).finally(() => inFlight.delete(delivery));
      inFlight.add(delivery);
    },
    /** Gives up the retries still waiting and the callbacks still on their way (the gateway is closing). */
    async close(): Promise<void> {
      stopped.abort();
      await Promise.all(inFlight);
    },
  };
}
