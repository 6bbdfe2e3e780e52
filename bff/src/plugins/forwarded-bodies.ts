import getRawBody from 'raw-body';
import type { IncomingMessage } from 'node:http';
import { PassThrough, Readable } from 'node:stream';
import type { BodyLimit } from '@krom/contracts/api/body-limits';
import { HttpError } from '@krom/server-kit/errors';
import type { FastifyRequest, preParsingAsyncHookHandler } from 'fastify';

/**
 * Request headers of one hop only (RFC 9110 §7.6.1), which a proxy must not pass on, and `expect`:
 * Node has already answered a client's `Expect: 100-continue`, and undici refuses to send any of
 * these (a forwarded `expect` failed every photo curl sent through the BFF).
 */
const hopByHopHeaders = ['connection', 'keep-alive', 'proxy-connection', 'te', 'trailer', 'transfer-encoding', 'upgrade', 'expect', 'http2-settings'];

/** The headers a forwarded request keeps: all but the hop-by-hop ones and those its Connection header names. */
export function endToEndHeaders<H extends Record<string, unknown>>(headers: H): H {
  const named = String(headers.connection ?? '')
    .split(',')
    .map((name) => name.trim().toLowerCase());
  const dropped = new Set([...hopByHopHeaders, ...named]);
  return Object.fromEntries(Object.entries(headers).filter(([name]) => !dropped.has(name))) as H;
}

/** A 413 in the limit's words (the rest of the body is read and discarded, so the client, still sending, reads it). */
const tooLarge = (limit: BodyLimit) => new HttpError(413, limit.message);

/** The limit on one request's body (it may depend on its Content-Type). */
export type BodyLimitOf = (request: FastifyRequest) => BodyLimit;

/** Refuses a body announced (Content-Length) as bigger than the limit before a byte of it is read or forwarded. */
export function refuseAnnouncedTooLarge(request: FastifyRequest, limitOf: BodyLimitOf): void {
  const limit = limitOf(request);
  if (Number(request.headers['content-length'] ?? 0) > limit.bytes) throw tooLarge(limit);
}


/** How long the rest of a body answered early may go on arriving before the connection is cut. */
const LINGER_MS = 30_000;

/**
 * The request's body as a stream of its own, for the proxy to send on. When the service answers
 * before the body is all sent, undici (under @fastify/reply-from) destroys the stream it was
 * sending, and it first detaches an IncomingMessage from its socket: had it been given the request
 * itself, the request would be destroyed with the rest of its body unread and its connection
 * paused for good (Node stops reading a socket when its request refuses data). Kept alive, that
 * connection would then never read the client's next request: a hang. Destroying this stream
 * only unpipes the request, whose rest `drainUnread` reads and discards once the answer is sent.
 */
export function detachedBody(request: IncomingMessage): Readable {
  const body = new PassThrough();
  request.pipe(body);
  // The client gave up mid-body: the forward is abandoned too (undici aborts a body closed before its end), not left waiting.
  request.once('close', () => {
    if (!request.readableEnded) body.destroy();
  });
  return body;
}

/**
 * Reads and discards what is left of a request's body once it has been answered: the service
 * answered (or the BFF refused) before the body ended, and nothing reads it any more. Unread, the
 * connection would stay paused, the client could not finish sending, and the next request sent on
 * it (kept alive) would never be read; closed, the client, still sending, could meet a reset
 * before reading the answer. So it is read on, for at most LINGER_MS, and the connection serves
 * the next request.
 */
export function drainUnread(request: IncomingMessage): void {
  if (request.readableEnded || request.destroyed) return;
  request.unpipe();
  request.on('data', () => {});
  request.resume();
  if (request.complete) return;
  const timer = setTimeout(() => request.socket?.destroy(), LINGER_MS);
  timer.unref();
  request.once('end', () => clearTimeout(timer));
  request.once('close', () => clearTimeout(timer));
}

/**
 * A preParsing hook for forwarded routes: a body sent without a length (chunked) is read here up
 * to the limit and passed on with its length, so an oversized one is refused with a 413 rather
 * than cut off mid-forward (which the browser saw as a 503). Browsers send a length; a body with
 * one passes through streamed (as `detachedBody`), judged by `refuseAnnouncedTooLarge`.
 */
export function bufferUnannouncedBody(limitOf: BodyLimitOf): preParsingAsyncHookHandler {
  return async (request, _reply, payload) => {
    if (request.headers['content-length'] !== undefined) return payload === request.raw ? detachedBody(request.raw) : payload;
    if (request.headers['transfer-encoding'] === undefined) return payload;
    const limit = limitOf(request);
    const body = await getRawBody(payload, { limit: limit.bytes }).catch((error: unknown) => {
      if ((error as { type?: string }).type !== 'entity.too.large') throw error;
      // The rest is read and discarded, so the client, still sending, gets to read the 413.
      payload.resume();
      throw tooLarge(limit);
    });
    request.headers['content-length'] = String(body.length);
    delete request.headers['transfer-encoding'];
    return Readable.from([body]);
  };
}
