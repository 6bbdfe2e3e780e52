import { vi } from 'vitest';

type Reply = { status: number; body?: unknown; statusText?: string };
type Handler =
  | Reply
  | ((request: { body: unknown; headers: Headers; credentials: RequestCredentials | undefined; query: URLSearchParams }) => Reply | Promise<Reply>);

export type RecordedCall = { method: string; path: string; body: unknown; credentials: RequestCredentials | undefined };

/**
 * Replaces fetch for a unit test with answers per "METHOD /path" (a handler function also sees
 * the query, the headers and the body). A call nobody answers fails the test loudly. Bodies given as objects are sent as JSON; strings are sent as they are.
 */
export function mockApi(routes: Record<string, Handler>) {
  const calls: RecordedCall[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://krom.test');
    const method = (init.method ?? 'GET').toUpperCase();
    const key = `${method} ${url.pathname}`;
    const body = typeof init.body === 'string' ? JSON.parse(init.body) : undefined;
    calls.push({ method, path: url.pathname, body, credentials: init.credentials });
    const handler = routes[key];
    if (!handler) throw new Error(`Unexpected request in test: ${key}`);
    const reply =
      typeof handler === 'function'
        ? await handler({ body, headers: new Headers(init.headers), credentials: init.credentials, query: url.searchParams })
        : handler;
    const text = reply.body === undefined ? '' : typeof reply.body === 'string' ? reply.body : JSON.stringify(reply.body);
    return new Response(reply.status === 204 ? null : text, {
      status: reply.status,
      statusText: reply.statusText ?? '',
      headers: typeof reply.body === 'object' ? { 'content-type': 'application/json' } : {},
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return {
    calls,
    callsTo: (method: string, path: string) => calls.filter((call) => call.method === method && call.path === path),
  };
}
