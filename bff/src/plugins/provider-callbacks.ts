import type { Endpoint } from '@krom/contracts/endpoint';
import { providerCallbackBodyLimit, type providerCallbackSchema } from '@krom/contracts/http/provider-callbacks';
import { routeEndpoint } from '@krom/server-kit/endpoint-route';
import { HttpError } from '@krom/server-kit/errors';
import { ASSERTION_HEADER } from '@krom/server-kit/internal-auth';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { type ServiceDirectory, type ServiceName, sendToService } from './service-calls.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A provider's session-less, signed callback: the same-origin check of browser writes does not apply. */
    providerCallback?: boolean;
  }
}

/** One callback a provider makes to the BFF, and where it goes. */
export type ProviderCallbackRoute = {
  /** The public /api endpoint the provider is given as its callback URL. */
  endpoint: Endpoint;
  /** The service whose provider sent it: its adapter checks the signature. */
  service: ServiceName;
  /** That service's route taking the callback as it came. */
  to: Endpoint & { path: string; body: typeof providerCallbackSchema };
  /**
   * The header the provider signs with (or the headers, for a route several providers call): a
   * callback with none of them is refused here with a 401, before any service call.
   */
  signatureHeader: string | readonly string[];
  /**
   * For providers that sign nothing and put a secret token in the callback URL they are given
   * (Hubtel): the query parameter that carries it, taken instead of a signature header here. The
   * service's adapter checks the token itself.
   */
  urlTokenParameter?: string;
  /**
   * What the provider expects back once the callback is taken (the first time or again), or
   * `'service'` when the service words the answer itself ({contentType, body}: a USSD screen).
   */
  accepted: { contentType: string; body: string } | 'service';
  /**
   * A cheap look at the body's shape, before any service call: why it cannot be one of the
   * provider's callbacks (answered 400), or undefined when it may be. Junk carrying any signature
   * header is then turned away here, not passed on for the service to check.
   */
  malformed?: (contentType: string | undefined, body: Buffer) => string | undefined;
};

/**
 * Requests a minute from one address to a callback route. Twilio sends a few reports a message
 * from a pool of addresses, far below this; a flood of forged ones is held off before any service call.
 */
export const PROVIDER_CALLBACKS_PER_MINUTE_PER_IP = 600;

/** Twilio's message sids: SM (SMS) or MM (MMS), then 32 hex digits. */
const TWILIO_MESSAGE_SID = /^(SM|MM)[0-9a-f]{32}$/i;

/** Why a body cannot be one of Twilio's message callbacks (`what`: a status report, an incoming message): it is form-encoded and names a message by its sid. */
const malformedTwilioMessageCallback =
  (what: string) =>
  (contentType: string | undefined, body: Buffer): string | undefined => {
    if (contentType?.split(';')[0]?.trim().toLowerCase() !== 'application/x-www-form-urlencoded') return `${what} is form-encoded`;
    const sids = new URLSearchParams(body.toString('utf8')).getAll('MessageSid');
    if (sids.length !== 1 || !TWILIO_MESSAGE_SID.test(sids[0] ?? '')) return `${what} names one message by its sid`;
    return undefined;
  };

/** Why a body cannot be one of Twilio's message status reports. */
export const malformedTwilioStatusReport = malformedTwilioMessageCallback('A status report');

/** Why a body cannot be one of Twilio's incoming message webhooks. */
export const malformedTwilioIncomingMessage = malformedTwilioMessageCallback('An incoming message');

/** Headers passed on for the adapter to read (the signature among them); never the browser's cookie or a forged assertion. */
function callbackHeaders(request: FastifyRequest): Record<string, string> {
  const kept: Record<string, string> = {};
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined || name === 'cookie' || name === ASSERTION_HEADER) continue;
    kept[name] = Array.isArray(value) ? value.join(', ') : value;
  }
  return kept;
}

/** Whether the callback carries what its provider authenticates with (the adapter checks it is right). */
function carriesCredentials(route: ProviderCallbackRoute, request: FastifyRequest): boolean {
  const headers: readonly string[] = typeof route.signatureHeader === 'string' ? [route.signatureHeader] : route.signatureHeader;
  if (headers.some((name) => request.headers[name])) return true;
  const query = request.url.includes('?') ? new URLSearchParams(request.url.slice(request.url.indexOf('?') + 1)) : undefined;
  return route.urlTokenParameter !== undefined && Boolean(query?.get(route.urlTokenParameter));
}

/** The body kept as the bytes that came, whatever their type: a signature covers bytes, not a parse of them. */
const keepBytes = (_request: FastifyRequest, body: Buffer, done: (error: null, body: Buffer) => void) => done(null, body);

/**
 * Registers a route for a provider's callback (payments, inbound SMS, delivery reports). No session
 * and no same-origin check: the provider's signature is what is trusted, and only the adapter of
 * the service that owns the provider can check it (it holds the secret). So the body is kept as
 * raw bytes, and passed on with the headers and the public URL the provider called (built from
 * PUBLIC_ORIGIN, which is what a provider signs behind any proxy). The service answers 401 or 403
 * for a bad signature, applies each delivery once and answers 200 to a replay; the provider is
 * then given the answer it expects. A service that fails is a 503, so the provider tries again.
 * Each address is held to PROVIDER_CALLBACKS_PER_MINUTE_PER_IP, and a body of the wrong shape is
 * a 400 without a service call.
 */
export async function providerCallback(app: FastifyInstance, directory: ServiceDirectory, publicOrigin: string, route: ProviderCallbackRoute) {
  const origin = new URL(publicOrigin).origin;
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: providerCallbackBodyLimit }, keepBytes);
    routeEndpoint(scope, route.endpoint, {
      bodyLimit: providerCallbackBodyLimit,
      config: { providerCallback: true, rateLimit: { max: PROVIDER_CALLBACKS_PER_MINUTE_PER_IP, timeWindow: '1 minute' } },
      handler: async (request, reply) => {
        if (!carriesCredentials(route, request)) throw new HttpError(401, 'The callback is not signed');
        const rawBody = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        const malformed = route.malformed?.(request.headers['content-type'], rawBody);
        if (malformed) throw new HttpError(400, malformed);
        const { status, body } = await sendToService(request, directory, {
          service: route.service,
          to: route.to,
          caller: { kind: 'public' },
          body: { url: `${origin}${request.url}`, headers: callbackHeaders(request), rawBody: rawBody.toString('base64') },
        });
        if (status >= 500) throw new HttpError(503, 'Service unavailable. Please try again.');
        if (status >= 400) throw new HttpError(status, (body as { message?: string } | undefined)?.message ?? 'Callback refused');
        const answer = route.accepted === 'service' ? (body as { contentType: string; body: string }) : route.accepted;
        return reply.status(200).type(answer.contentType).send(answer.body);
      },
    });
  });
}
