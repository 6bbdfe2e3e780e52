/*
 * The answer to a request Node's HTTP parser refuses before any route sees it: headers past
 * Node's 16 KiB (431), a request that took too long to arrive (408), bytes that are no HTTP
 * (400). The web server and every Fastify process (server-kit's createHttpApp) answer alike, so
 * it is written here once, as body-limits.ts is: the web server loads contracts, not server-kit.
 */

/** Node's limit on a request line and headers together (`maxHeaderSize`), which Krom keeps. */
export const maxHeaderBytes = 16 * 1024;
export const clientErrorMessages = {
  headersTooLarge: 'The request headers are too large. Please clear this site’s cookies and try again.',
  timeout: 'The request took too long to arrive.',
  malformed: 'This request is not valid HTTP.',
} as const;

/** How long a refused client may go on sending before its connection is cut. */
const LINGER_MS = 30_000;

/** What of a socket the answer uses (node:net's Socket has it all); typed here so contracts loads no Node module. */
type ClientSocket = {
  readonly destroyed: boolean;
  readonly writable: boolean;
  write(data: string): unknown;
  end(): unknown;
  destroy(): unknown;
  resume(): unknown;
  on(event: 'data', listener: (chunk: unknown) => void): unknown;
  once(event: 'end' | 'close', listener: () => void): unknown;
};
const answered = new WeakSet<ClientSocket>();

/**
 * A `clientError` listener (Fastify's `clientErrorHandler`). The answer says `Connection: close`,
 * so a kept-alive client sends its next request on a new connection rather than on this closing
 * one; Fastify's own answer did not, and such a client met a reset instead of its 431. Then the
 * connection is half-closed and whatever the client still sends is read and discarded until it
 * closes (at most LINGER_MS): closed with bytes unread, the kernel resets it, and the client may
 * lose the answer. Node may report the same broken request again as its bytes arrive: answered once.
 */
export function answerClientError(error: { code?: string }, socket: ClientSocket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed || answered.has(socket)) return;
  answered.add(socket);
  const [status, reason, message] =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? [431, 'Request Header Fields Too Large', clientErrorMessages.headersTooLarge]
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, 'Request Timeout', clientErrorMessages.timeout]
        : [400, 'Bad Request', clientErrorMessages.malformed];
  const body = JSON.stringify({ message });
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${new TextEncoder().encode(body).length}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.end();
  socket.on('data', () => {});
  socket.resume();
  const timer = setTimeout(() => socket.destroy(), LINGER_MS);
  // The client has closed its side too: nothing more can arrive.
  socket.once('end', () => socket.destroy());
  socket.once('close', () => clearTimeout(timer));
  (timer as { unref?: () => void }).unref?.();
}
