import getRawBody from 'raw-body';
import type { IncomingMessage, Server } from 'node:http';
import { PassThrough, Readable } from 'node:stream';
import { apiBodyLimit } from '@krom/contracts/api/body-limits';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/*
 * What the web server checks before passing a request on to the BFF, so a malformed one gets a
 * 4xx here instead of failing inside the proxy (a 500 or 502) or a 413 from the BFF cut off
 * while this server was still sending it the body. The BFF guards its own forwards the same way
 * (bff/src/plugins/forwarded-bodies.ts); this server does not load the BFF's code.
 */

/**
 * Request headers of one hop only (RFC 9110 §7.6.1), and `expect`: Node answers a client's
 * `Expect: 100-continue` itself, and undici refuses to send any of these.
 */
const hopByHopHeaders = ['connection', 'keep-alive', 'proxy-connection', 'te', 'trailer', 'transfer-encoding', 'upgrade', 'expect', 'http2-settings'];

/** The headers passed on to the BFF: all but the hop-by-hop ones and those the Connection header names. */
export function endToEndHeaders<H extends Record<string, unknown>>(headers: H): H {
  const named = String(headers.connection ?? '')
    .split(',')
    .map((name) => name.trim().toLowerCase());
  const dropped = new Set([...hopByHopHeaders, ...named]);
  return Object.fromEntries(Object.entries(headers).filter(([name]) => !dropped.has(name))) as H;
}

const limitOf = (request: IncomingMessage) => apiBodyLimit(request.method ?? 'GET', request.url ?? '/', request.headers['content-type']);
const announcedTooLarge = (request: IncomingMessage) => Number(request.headers['content-length'] ?? 0) > limitOf(request).bytes;

/** Requests refused before the client sent their body (it asked first, Expect): their connection closes after the answer. */
const closedAfterAnswer = new WeakSet<IncomingMessage>();

/**
 * A 413 in the limit's words. A client still sending has the rest read and discarded (closing on
 * it would reset the connection before it reads the answer), for at most LINGER_MS; one that asked
 * first (Expect) about a body announced too large was not told to go on, sends nothing more, and
 * the connection closes.
 */
function refuseTooLarge(request: FastifyRequest, reply: FastifyReply) {
  if (request.headers.expect !== undefined && announcedTooLarge(request.raw)) {
    closedAfterAnswer.add(request.raw);
    reply.header('connection', 'close');
  } else drainUnread(request.raw);
  return reply.code(413).send({ message: limitOf(request.raw).message });
}

/** How long a body answered early may go on arriving before the connection is cut. */
const LINGER_MS = 30_000;

/**
 * Reads and discards what is left of a request's body once it has been answered (refused here, or
 * answered by the BFF before it had all of it), for at most LINGER_MS. Left unread, the connection
 * would stay paused, the client could not finish sending, and the next request sent on it (kept
 * alive) would never be read; closed, the client, still sending, could meet a reset before it
 * reads the answer.
 */
function drainUnread(request: IncomingMessage) {
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
 * The request's body as a stream of its own, for the proxy to send to the BFF. When the BFF answers
 * before the body is all sent, undici (under @fastify/reply-from) destroys the stream it was
 * sending, and it first detaches an IncomingMessage from its socket: had it been given the request
 * itself, the request would be destroyed with the rest of its body unread and its connection
 * paused for good (Node stops reading a socket when its request refuses data), so the client's
 * next request on it (kept alive) would never be read. Destroying this stream only unpipes the
 * request, whose rest `drainUnread` reads and discards once the answer is sent.
 */
function detachedBody(request: IncomingMessage): Readable {
  const body = new PassThrough();
  request.pipe(body);
  // The client gave up mid-body: the forward is abandoned too (undici aborts a body closed before its end), not left waiting.
  request.once('close', () => {
    if (!request.readableEnded) body.destroy();
  });
  return body;
}

/** The body as the stream it came in on, whatever its type: forwarded as sent, never parsed and re-encoded here. */
const streamedBody = (_request: FastifyRequest, payload: unknown, done: (error: null, body: unknown) => void) => done(null, payload);

/**
 * Registers the checks on the scope that proxies /api (before the proxy itself): bodies over
 * the route's limit (`apiBodyLimit`) refused with a 413 before a byte goes on, announced or,
 * without a length (chunked), once they pass it; every body streamed as it came.
 */
export function guardApiRequests(scope: FastifyInstance): void {
  // The proxy streams JSON and unknown types; text/plain would still meet Fastify's own parser,
  // and the proxy then fails re-encoding a string whose Content-Type it cannot parse (a 500).
  scope.addContentTypeParser('text/plain', streamedBody);
  // Answered before its body ended (the BFF answered early): the proxy stopped reading it. The
  // proxy then says `Connection: close`, but closing on a client still sending resets the
  // connection, and the answer may be lost with it: the rest is read and discarded instead, and
  // the connection serves the client's next request.
  scope.addHook('onSend', async (request, reply, payload) => {
    if (!request.raw.complete && !closedAfterAnswer.has(request.raw) && reply.getHeader('connection') === 'close') reply.removeHeader('connection');
    return payload;
  });
  scope.addHook('onResponse', async (request) => drainUnread(request.raw));
  scope.addHook('onRequest', async (request, reply) => {
    if (announcedTooLarge(request.raw)) return refuseTooLarge(request, reply);
  });
  scope.addHook('preParsing', async (request, reply, payload) => {
    if (request.headers['content-length'] !== undefined) return payload === request.raw ? detachedBody(request.raw) : payload;
    if (request.headers['transfer-encoding'] === undefined) return payload;
    const body = await getRawBody(payload, { limit: limitOf(request.raw).bytes }).catch((error: unknown) => {
      if ((error as { type?: string }).type !== 'entity.too.large') throw error;
      // The rest is read and discarded, so the client, still sending, gets to read the 413.
      payload.resume();
      return undefined;
    });
    if (body === undefined) {
      refuseTooLarge(request, reply);
      return payload;
    }
    request.headers['content-length'] = String(body.length);
    delete request.headers['transfer-encoding'];
    return Readable.from([body]);
  });
}

/**
 * A client that asks before sending its body (`Expect: 100-continue`, as curl does for a photo)
 * is told to go on only when the body may be taken; one announced too large gets the 413 at once
 * and never sends it. Without a listener, Node would say "continue" to every such request.
 */
export function answerExpectContinue(server: Server): void {
  server.on('checkContinue', (request: IncomingMessage, response) => {
    if (!announcedTooLarge(request)) response.writeContinue();
    server.emit('request', request, response);
  });
}
