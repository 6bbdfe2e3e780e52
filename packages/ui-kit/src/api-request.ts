/**
 * The one way frontends talk to /api (spec sections 7 and 8): cookies always included, JSON in and
 * out, and any non-success answer turned into an Error whose message is
 * "<status>: <response text or status text>".
 */
export class ApiRequestError extends Error {
  readonly status: number;
  /** The raw response text; Krom servers answer errors as JSON {message, errors?}. */
  readonly responseText: string;

  constructor(status: number, statusText: string, responseText: string) {
    super(`${status}: ${responseText || statusText}`);
    this.name = 'ApiRequestError';
    this.status = status;
    this.responseText = responseText;
  }
}

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * `headers` are sent besides JSON's own (an endpoint's declared request headers, such as the
 * Idempotency-Key that makes a booking safe to retry); they cannot replace Content-Type or Accept.
 */
export async function apiRequest(
  method: HttpMethod,
  url: string,
  body?: unknown,
  options: { signal?: AbortSignal | undefined; headers?: Readonly<Record<string, string>> | undefined } = {},
): Promise<Response> {
  const hasBody = body !== undefined;
  // Set, not spread: a caller's header in any case (`content-type`) is replaced, never joined to JSON's.
  const headers = new Headers(options.headers);
  headers.set('Accept', 'application/json');
  if (hasBody) headers.set('Content-Type', 'application/json');
  const response = await fetch(url, {
    method,
    credentials: 'include',
    headers,
    body: hasBody ? JSON.stringify(body) : null,
    signal: options.signal ?? null,
  });
  if (!response.ok) {
    throw new ApiRequestError(response.status, response.statusText, await response.text());
  }
  return response;
}

/**
 * A read that parses JSON. With on401 'returnNull', a 401 answer yields null (signed out)
 * instead of an error; every other failure still throws.
 */
export async function getJson(
  url: string,
  options: { on401?: 'throw' | 'returnNull'; signal?: AbortSignal | undefined } = {},
): Promise<unknown> {
  try {
    const response = await apiRequest('GET', url, undefined, { signal: options.signal });
    return await response.json();
  } catch (error) {
    if (options.on401 === 'returnNull' && statusOf(error) === 401) return null;
    throw error;
  }
}

const statusPrefix = /^(\d{3}): ([\s\S]*)$/;

/** The HTTP status behind an error from apiRequest, read from its message as the spec words it. */
export function statusOf(error: unknown): number | undefined {
  if (error instanceof ApiRequestError) return error.status;
  if (!(error instanceof Error)) return undefined;
  const match = statusPrefix.exec(error.message);
  return match ? Number(match[1]) : undefined;
}

/**
 * The JSON a failed call answered ({message, errors?} from Krom servers), read once per error;
 * undefined when the answer was not JSON (a proxy's HTML error page, say) or the error is no call's.
 */
const answers = new WeakMap<Error, unknown>();
function answerOf(error: unknown): unknown {
  if (!(error instanceof Error)) return undefined;
  if (answers.has(error)) return answers.get(error);
  const text = error instanceof ApiRequestError ? error.responseText : statusPrefix.exec(error.message)?.[2];
  let answer: unknown;
  try {
    answer = JSON.parse(text ?? '');
  } catch {
    answer = undefined;
  }
  answers.set(error, answer);
  return answer;
}

/** The server's `message` from a failed call, if its answer carried one. */
export function serverMessage(error: unknown): string | undefined {
  const answer = answerOf(error);
  const message = answer && typeof answer === 'object' && 'message' in answer ? answer.message : undefined;
  return typeof message === 'string' && message.trim() !== '' ? message : undefined;
}

/** The fields a failed call's answer named (`errors: [{field, message}]`, e.g. a plate already registered), by field. */
export function serverFieldErrors(error: unknown): Record<string, string> {
  const answer = answerOf(error);
  const errors = answer && typeof answer === 'object' && 'errors' in answer ? answer.errors : undefined;
  if (!Array.isArray(errors)) return {};
  const named: Record<string, string> = {};
  for (const entry of errors as ({ field?: unknown; message?: unknown } | null)[]) {
    if (typeof entry?.field === 'string' && typeof entry.message === 'string' && !(entry.field in named)) named[entry.field] = entry.message;
  }
  return named;
}

/** Toast text for a failure: the server's message when present, else the screen's default. */
export function failureText(error: unknown, fallback: string): string {
  return serverMessage(error) ?? fallback;
}
