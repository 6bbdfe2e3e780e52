import { Agent, request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { daysAfter, ghanaToday, monthsAfter } from '@krom/contracts/http/dates';
import fc from 'fast-check';

/*
 * Bad requests generated for every /api route from the OpenAPI document the BFF publishes: wrong
 * types, huge and deeply nested values, unicode and NUL characters, wrong and malformed content
 * types, oversized, chunked and broken bodies, broken multipart forms, odd path params, queries
 * and headers, signed out, signed in as a user or as staff, or with a forged cookie. Shared by
 * bff/test/generated-input.test.ts (a short run that fails on any 5xx or hang) and
 * scripts/fuzz-api.ts (the longer run `npm run bench` makes, counting each status), which imports
 * it as the export `@krom/bff/generated-requests`.
 */

type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  oneOf?: JsonSchema[];
  anyOf?: JsonSchema[];
  allOf?: JsonSchema[];
  pattern?: string;
  format?: string;
  minLength?: number;
  maxLength?: number;
};
type OpenApiOperation = {
  parameters?: { in: string; name: string; schema?: JsonSchema }[];
  requestBody?: { content: Record<string, { schema: JsonSchema }> };
};
export type OpenApiDocument = { paths: Record<string, Record<string, OpenApiOperation>> };

/** One /api route as the document describes it. */
export type ApiOperation = {
  method: string;
  /** In the document's `{name}` style. */
  path: string;
  bodySchema?: JsonSchema;
  /** True when the body is a multipart form (the upload). */
  multipart: boolean;
  /** The query parameters the document names, with their schemas. */
  query: { name: string; schema: JsonSchema }[];
};

export function apiOperations(document: OpenApiDocument): ApiOperation[] {
  return Object.entries(document.paths).flatMap(([path, operations]) =>
    Object.entries(operations).map(([method, operation]) => {
      const content = operation.requestBody?.content ?? {};
      const [mediaType, body] = Object.entries(content)[0] ?? [];
      const query = (operation.parameters ?? []).filter((parameter) => parameter.in === 'query').map((parameter) => ({ name: parameter.name, schema: parameter.schema ?? {} }));
      return { method: method.toUpperCase(), path, bodySchema: body?.schema, multipart: mediaType === 'multipart/form-data', query };
    }),
  );
}

/** Who sends a request: nobody signed in, a user, a staff member, or a cookie the BFF never issued. */
export type Principal = 'anonymous' | 'user' | 'staff' | 'forged';
/** The web server (which proxies /api to the BFF) or the BFF itself. */
export type Entry = 'web' | 'bff';

/** A body sent as bytes with its length, or without a length (chunked), or after asking with `Expect: 100-continue`. */
export type GeneratedBody = { bytes: Buffer; transfer: 'length' | 'chunked' | 'expect-continue' };

export type GeneratedRequest = {
  entry: Entry;
  principal: Principal;
  method: string;
  /** Path and query, encoded. */
  url: string;
  headers: Record<string, string>;
  body?: GeneratedBody;
};

/** A value serialised as JSON text nested `depth` levels deep, built as text (serialising it would overflow this process's stack too). */
class DeepJson {
  constructor(
    readonly depth: number,
    readonly kind: 'array' | 'object',
  ) {}
  text(): string {
    return this.kind === 'array' ? `${'['.repeat(this.depth)}${']'.repeat(this.depth)}` : `${'{"a":'.repeat(this.depth)}1${'}'.repeat(this.depth)}`;
  }
}

/** JSON text of a generated value, DeepJson placeholders spliced in as text. */
function jsonText(value: unknown): string {
  const deep: DeepJson[] = [];
  const text = JSON.stringify(value, (_key, item: unknown) => {
    if (!(item instanceof DeepJson)) return item;
    deep.push(item);
    return `\u0001deep${deep.length - 1}\u0001`;
  });
  return (text ?? 'null').replace(/"\\u0001deep(\d+)\\u0001"/g, (_match, index: string) => deep[Number(index)]?.text() ?? 'null');
}

const NUL = '\u0000';
const withNul = (text: string) => fc.nat({ max: text.length }).map((at) => `${text.slice(0, at)}${NUL}${text.slice(at)}`);
const hugeString = fc.integer({ min: 20_000, max: 400_000 }).map((length) => 'é'.repeat(length));
const deepValue = fc.record({ depth: fc.integer({ min: 100, max: 50_000 }), kind: fc.constantFrom('array' as const, 'object' as const) }).map(({ depth, kind }) => new DeepJson(depth, kind));
/** Text a person could not type on a keyboard: lone surrogates, controls, the NUL, right-to-left marks. */
const oddText = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.constantFrom('\u0000', '\ud800', '\udfff', '\u202e', '\ufeff', '\u0000\u0000', 'a\u0000b', '\r\n', '%00', '\\u0000', 'null', 'undefined', '{}', '__proto__'),
);

/** Anything but what the field wants: the other JSON types, NaN and infinities (serialised as null), huge and deep values. */
const wrongValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constant(null),
  fc.boolean(),
  fc.integer(),
  fc.double(),
  fc.constantFrom(-0, 1e308, -1e308, Number.MAX_SAFE_INTEGER + 2, 0.1),
  oddText,
  fc.array(fc.jsonValue({ maxDepth: 2 }), { maxLength: 5 }),
  fc.dictionary(oddText, fc.jsonValue({ maxDepth: 2 }), { maxKeys: 4 }),
  fc.constant({ __proto__: { admin: true } }),
  hugeString,
  deepValue,
);

/** Days around the ends of the contracts' date windows (departures, searches, requests, birth dates, expiries), and of PostgreSQL's and JavaScript's calendars. */
const today = ghanaToday();
const windowEnds = [0, 1, -1].flatMap((days) =>
  [0, 12, -12, -18 * 12, -120 * 12, 25 * 12].map((months) => daysAfter(monthsAfter(today, months), days)),
);
export const edgeDates = [
  ...new Set([...windowEnds, '0000-01-01', '0001-01-01', '0999-12-31', '1000-01-01', '1900-01-01', '1969-12-31', '1970-01-01', '9999-12-31', '10000-01-01', '+010000-01-01', '-000001-01-01', '2028-02-29', '2027-02-29', '2027-02-30', '2026-00-10', '2026-13-01', '0000-00-00']),
];
const edgeDate = fc.constantFrom(...edgeDates);
/** Instants at the same ends, with the offsets that carry them past a year's end (+14:00, -12:00). */
export const edgeInstants = edgeDates.flatMap((date) => [`${date}T00:00:00Z`, `${date}T23:59:59.999-12:00`, `${date}T00:00:00+14:00`, `${date}T12:00:00`]);
const edgeInstant = fc.constantFrom(...edgeInstants);
/** What a number field was given and took: other types, hex, exponents, padding, and numbers beyond range. */
export const looseNumbers: unknown[] = [true, false, [3], ['3'], { value: 3 }, '0x3', '0x10', '0b11', '0o7', '1e1', '1E1', '3e0', ' 3', '3 ', '+3', '3.', '.5', '', ' ', 'Infinity', '-0', '3,5', '١٢', 1e21, -1e21, 0.5, -0];
const looseNumber = fc.constantFrom(...looseNumbers);
/** A query value for a numeric parameter: loose, or plain text. */
const looseQueryNumber = fc.oneof(
  looseNumber.map((value) => (typeof value === 'string' ? value : JSON.stringify(value))),
  fc.integer({ min: -5, max: 2000 }).map(String),
);

/** A value of the right shape for a property of that name (the document says "string" for a phone, so the name tells the rest). */
function plausibleString(name: string, schema: JsonSchema): fc.Arbitrary<string> {
  if (schema.enum) return fc.constantFrom(...(schema.enum as string[]));
  if (/phone|number/i.test(name)) return fc.oneof(fc.stringMatching(/^0[235][0-9]{8}$/), fc.constantFrom('+233 24 123 4567', '024 123 4567'));
  if (schema.format === 'email') return fc.emailAddress();
  if (schema.format === 'date-time') return fc.oneof(fc.date({ noInvalidDate: true }).map((date) => date.toISOString()), edgeInstant);
  if (schema.format === 'date' || /date/i.test(name)) return edgeDate;
  if (schema.format === 'uuid') return fc.uuid();
  if (/password/i.test(name)) return fc.constantFrom('Adinkra-Cloth-2026', 'Kente-Weave-9', 'short', '        ');
  if (schema.pattern) return fc.stringMatching(new RegExp(schema.pattern));
  return fc.string({ minLength: schema.minLength ?? 0, maxLength: Math.min(schema.maxLength ?? 40, 40) });
}

/** Mostly a plausible value, sometimes the same with a NUL inside, other text, or a wrong one. */
function fieldValue(name: string, schema: JsonSchema): fc.Arbitrary<unknown> {
  const variants = schema.oneOf ?? schema.anyOf;
  if (variants) return fc.oneof(...variants.map((variant) => fieldValue(name, variant)));
  const types = [schema.type].flat();
  let plausible: fc.Arbitrary<unknown>;
  if (schema.properties) plausible = objectValue(schema);
  else if (types.includes('string')) {
    const text = plausibleString(name, schema);
    plausible = fc.oneof({ weight: 4, arbitrary: text }, { weight: 2, arbitrary: text.chain(withNul) }, { weight: 1, arbitrary: oddText });
  } else if (types.includes('boolean')) plausible = fc.boolean();
  else if (types.includes('integer') || types.includes('number')) plausible = fc.oneof(fc.integer(), looseNumber);
  else if (types.includes('array')) plausible = fc.array(fieldValue(name, schema.items ?? {}), { maxLength: 4 });
  else if (types.includes('null')) plausible = fc.constant(null);
  else plausible = fc.jsonValue({ maxDepth: 2 });
  return fc.oneof({ weight: 5, arbitrary: plausible }, { weight: 1, arbitrary: wrongValue });
}

const MISSING = Symbol('missing');

/** An object with the schema's properties, each present or not, plausible or not, and now and then keys it does not know. */
function objectValue(schema: JsonSchema): fc.Arbitrary<Record<string, unknown>> {
  const variants = schema.oneOf ?? schema.anyOf;
  if (variants) return fc.oneof(...variants.map(objectValue));
  const fields = Object.entries(schema.properties ?? {}).map(([name, property]) =>
    fc.oneof({ weight: 8, arbitrary: fieldValue(name, property) }, { weight: 1, arbitrary: fc.constant(MISSING) }).map((value) => [name, value] as const),
  );
  const extra = fc.oneof(
    { weight: 6, arbitrary: fc.constant([] as [string, unknown][]) },
    { weight: 1, arbitrary: fc.array(fc.tuple(oddText, fc.jsonValue({ maxDepth: 1 })), { maxLength: 3 }) },
    { weight: 1, arbitrary: fc.constant([['__proto__', { polluted: true }], ['constructor', { prototype: { polluted: true } }]] as [string, unknown][]) },
  );
  return fc.tuple(fc.tuple(...fields), extra).map(([entries, more]) => {
    const object: Record<string, unknown> = {};
    for (const [name, value] of [...entries, ...more]) {
      // defineProperty, so "__proto__" is sent as a key rather than setting this object's prototype.
      if (value !== MISSING) Object.defineProperty(object, name, { value, enumerable: true, configurable: true, writable: true });
    }
    return object;
  });
}

const utf8 = (text: string) => Buffer.from(text, 'utf8');

/** A JSON body: the route's shape generated, another JSON value, deep or huge, cut short, not JSON at all, or too big. */
function jsonBody(operation: ApiOperation): fc.Arbitrary<Buffer> {
  const shaped = operation.bodySchema ? objectValue(operation.bodySchema) : fc.dictionary(oddText, fc.jsonValue({ maxDepth: 2 }), { maxKeys: 3 });
  return fc.oneof(
    { weight: 10, arbitrary: shaped.map((value) => utf8(jsonText(value))) },
    { weight: 2, arbitrary: fc.jsonValue().map((value) => utf8(JSON.stringify(value) ?? 'null')) },
    { weight: 1, arbitrary: deepValue.map((value) => utf8(value.text())) },
    { weight: 2, arbitrary: shaped.chain((value) => { const text = jsonText(value); return fc.nat({ max: Math.max(0, text.length - 1) }).map((cut) => utf8(text.slice(0, cut))); }) },
    { weight: 1, arbitrary: fc.uint8Array({ maxLength: 200 }).map((bytes) => Buffer.from(bytes)) },
    { weight: 1, arbitrary: fc.constantFrom('', ' ', 'null', '""', '0', '[]', '{"a":}', '\ufeff{}', '{"__proto__":{"x":1}}', 'NaN', '{"a":1}{"a":2}').map(utf8) },
    // Invalid UTF-8 inside a string, and a body just over the 1 MB limit.
    { weight: 1, arbitrary: fc.constant(Buffer.concat([utf8('{"name":"'), Buffer.from([0xc3, 0x28, 0xff, 0xfe]), utf8('"}')])) },
    { weight: 1, arbitrary: fc.integer({ min: 1024 * 1024 + 1, max: 1_300_000 }).map((size) => utf8(`{"name":"${'a'.repeat(size)}"}`)) },
  );
}

type Form = { contentType: string; bytes: Buffer };

/** A form field's text: a generated value as a form would carry it (a number or date as text, anything else as JSON). */
const formText = (value: unknown) => (typeof value === 'string' ? value : (JSON.stringify(value) ?? ''));

/**
 * A multipart form: well made (the image any bytes, the route's text fields, such as the driver
 * form's dates, generated), without a boundary, cut short, with a boundary too long or unclosed,
 * or too big.
 */
const multipartBody = (operation: ApiOperation): fc.Arbitrary<Form> => {
  const textFields = Object.entries(operation.bodySchema?.properties ?? {}).filter(([, property]) => property.format !== 'binary');
  return fc
  .record({
    fields: fc.tuple(...textFields.map(([name, property]) => fc.option(fieldValue(name, property), { freq: 6 }).map((value) => [name, value] as const))),
    boundary: fc.oneof(fc.stringMatching(/^[A-Za-z0-9'()+_,.-]{1,40}$/), fc.constant('x'.repeat(300))),
    image: fc.oneof(
      fc.uint8Array({ maxLength: 2000 }).map((bytes) => Buffer.from(bytes)),
      fc.constant(Buffer.concat([Buffer.from('89504e470d0a1a0a', 'hex'), Buffer.alloc(64)])),
      fc.integer({ min: 5 * 1024 * 1024 + 70 * 1024, max: 6 * 1024 * 1024 }).map((size) => Buffer.alloc(size, 1)),
    ),
    kind: fc.oneof(fc.constant('profile'), oddText),
    filename: fc.oneof(fc.constant('me.png'), oddText.map((text) => text.replace(/["\r\n]/g, ''))),
    damage: fc.constantFrom('none', 'none', 'no-boundary', 'cut-short', 'unclosed', 'wrong-boundary', 'bare-header', 'many-parts'),
    cutAt: fc.double({ min: 0, max: 1, noNaN: true }),
  })
  .map(({ fields, boundary, image, kind, filename, damage, cutAt }) => {
    const part = (headers: string, content: Buffer) => Buffer.concat([utf8(`--${boundary}\r\n${headers}\r\n\r\n`), content, utf8('\r\n')]);
    const parts = [
      part('Content-Disposition: form-data; name="type"', utf8(kind)),
      ...fields.flatMap(([name, value]) => (value === null ? [] : [part(`Content-Disposition: form-data; name="${name}"`, utf8(formText(value)))])),
      part(`Content-Disposition: form-data; name="image"; filename="${filename}"\r\nContent-Type: image/png`, image),
      ...(damage === 'many-parts' ? Array.from({ length: 30 }, (_, i) => part(`Content-Disposition: form-data; name="f${i}"`, utf8('v'))) : []),
    ];
    const whole = Buffer.concat([...parts, utf8(damage === 'unclosed' ? '' : `--${boundary}--\r\n`)]);
    const bytes = damage === 'cut-short' ? whole.subarray(0, Math.floor(whole.length * cutAt)) : damage === 'bare-header' ? utf8(`--${boundary}\r\nContent-Disp`) : whole;
    const contentType =
      damage === 'no-boundary' ? 'multipart/form-data' : damage === 'wrong-boundary' ? 'multipart/form-data; boundary=other' : `multipart/form-data; boundary=${boundary}`;
    return { contentType, bytes };
  });
};

/** Content-Type values: right, wrong, malformed and odd. */
const contentTypes = fc.constantFrom(
  'application/json',
  'application/json; charset=utf-8',
  'text/plain; application/json',
  'text/plain',
  'text/plain; charset=utf-8',
  'application/x-www-form-urlencoded',
  'multipart/form-data',
  'application/octet-stream',
  'image/png',
  '/',
  '*/*',
  'application/json; charset=utf-16',
  'application/json;;',
  'application/json; charset="utf-8',
  'application/json, text/plain',
  'application/vnd.api+json',
  'APPLICATION/JSON',
);

/** Every byte of the text's UTF-8 percent-encoded (encodeURIComponent throws on a lone surrogate). */
const percentEncoded = (text: string) => [...Buffer.from(text, 'utf8')].map((byte) => `%${byte.toString(16).padStart(2, '0')}`).join('');

/** A path param: the shape one might have, another, a NUL, unicode, dots and slashes, a long one, or broken percent-encoding. */
const pathParam = fc.oneof(
  fc.uuid(),
  fc.stringMatching(/^[A-Za-z0-9_-]{16,64}$/),
  oddText.map(percentEncoded),
  fc.constantFrom('%00', '..%2F..%2Fetc%2Fpasswd', '%E0%A4%A', '%', '%zz', '-1', '0', 'null', '%F0%9F%98%80', 'a'.repeat(5000)),
);

/** A value for a query parameter the document names: its kind's edges (dates, instants, loose numbers), a plausible one, or odd text. */
function queryValue(name: string, schema: JsonSchema): fc.Arbitrary<string> {
  const types = [schema.type].flat();
  const plausible =
    types.includes('integer') || types.includes('number')
      ? looseQueryNumber
      : schema.format === 'date-time'
        ? edgeInstant
        : schema.enum
          ? fc.constantFrom(...(schema.enum as string[]))
          : plausibleString(name, schema);
  return fc.oneof({ weight: 6, arbitrary: plausible }, { weight: 1, arbitrary: oddText });
}

/** A query string, usually none; for a route that names its parameters, often those, with values at their edges. */
function queryString(operation: ApiOperation): fc.Arbitrary<string> {
  const named = fc
    .tuple(...operation.query.map(({ name, schema }) => fc.option(queryValue(name, schema), { freq: 3 }).map((value): [string, string | null] => [name, value])))
    .map((entries) => `?${new URLSearchParams(entries.flatMap(([name, value]): [string, string][] => (value === null ? [] : [[name, value]]))).toString()}`);
  return fc.oneof(
    { weight: 4, arbitrary: fc.constant('') },
    { weight: 1, arbitrary: fc.dictionary(fc.string({ minLength: 1, maxLength: 8 }), oddText, { maxKeys: 4 }).map((query) => `?${new URLSearchParams(query).toString()}`) },
    { weight: 1, arbitrary: fc.constantFrom('?%00=%00', '?a[b][c]=1&a[b][c]=2', '?page=-1&limit=1e9', '?__proto__[x]=1', `?q=${'a'.repeat(20_000)}`, '?%', '?a=%E0%A4%A') },
    { weight: operation.query.length > 0 ? 6 : 0, arbitrary: named },
  );
}

/** Headers besides the body's: a wrong Origin, hop-by-hop headers a proxy must not pass on, an odd encoding or accept. */
const extraHeaders = fc.oneof(
  { weight: 6, arbitrary: fc.constant({} as Record<string, string>) },
  {
    weight: 1,
    arbitrary: fc.constantFrom<Record<string, string>>(
      { origin: 'https://evil.example' },
      { upgrade: 'websocket' },
      { 'keep-alive': 'timeout=5' },
      { te: 'gzip' },
      { connection: 'x-drop-me', 'x-drop-me': '1' },
      { 'content-encoding': 'gzip' },
      { 'content-encoding': 'x-unknown' },
      { accept: 'text/event-stream' },
      { 'x-forwarded-for': 'not-an-address, ::1, 999.1.1.1' },
      { 'x-krom-assertion': 'forged.token.here' },
      { traceparent: '00-zzzz-yyyy-01' },
    ),
  },
);

const METHODS_WITH_BODY = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Requests for one route: its path params, query, principal, entry point, headers and, where it takes one (or not), a body. */
export function generatedRequests(operation: ApiOperation, origin: string): fc.Arbitrary<GeneratedRequest> {
  const paramNames = [...operation.path.matchAll(/\{(\w+)\}/g)].map((match) => match[1] as string);
  const form: fc.Arbitrary<Form> = operation.multipart
    ? fc.oneof({ weight: 4, arbitrary: multipartBody(operation) }, { weight: 1, arbitrary: fc.tuple(contentTypes, jsonBody(operation)).map(([contentType, bytes]) => ({ contentType, bytes })) })
    : fc.tuple(
        fc.oneof({ weight: 3, arbitrary: fc.constant('application/json') }, { weight: 2, arbitrary: contentTypes }),
        fc.oneof({ weight: 8, arbitrary: jsonBody(operation) }, { weight: 1, arbitrary: multipartBody(operation).map((formBody) => formBody.bytes) }),
      ).map(([contentType, bytes]) => ({ contentType, bytes }));
  const takesBody = METHODS_WITH_BODY.has(operation.method);
  return fc
    .record({
      entry: fc.constantFrom<Entry>('web', 'bff'),
      principal: fc.constantFrom<Principal>('anonymous', 'user', 'user', 'staff', 'forged'),
      params: fc.tuple(...paramNames.map(() => pathParam)),
      query: queryString(operation),
      headers: extraHeaders,
      form: takesBody ? fc.option(form, { freq: 8 }) : fc.option(form, { freq: 1 }),
      transfer: fc.constantFrom<GeneratedBody['transfer']>('length', 'length', 'length', 'chunked', 'expect-continue'),
      sendOrigin: fc.oneof({ weight: 9, arbitrary: fc.constant(true) }, { weight: 1, arbitrary: fc.constant(false) }),
    })
    .map(({ entry, principal, params, query, headers, form: body, transfer, sendOrigin }) => {
      let index = 0;
      const path = operation.path.replace(/\{\w+\}/g, () => params[index++] ?? '');
      const request: GeneratedRequest = {
        entry,
        principal,
        method: operation.method,
        url: `${path}${query}`,
        headers: { ...(sendOrigin ? { origin } : {}), ...(body ? { 'content-type': body.contentType } : {}), ...headers },
        ...(body ? { body: { bytes: body.bytes, transfer } } : {}),
      };
      // fast-check prints a failing request this way rather than every byte of its body.
      return Object.defineProperty(request, fc.toStringMethod, { value: () => describeRequest(request), enumerable: false });
    });
}

/**
 * What came back: a status with the answer's first few kilobytes and whether the body was sent
 * at all (an `Expect: 100-continue` may be refused first), or that nothing (or not all of it)
 * came within the time allowed, or the connection failed.
 */
export type Outcome = { status: number; text: string; bodySent: boolean } | { status: 'hang' | 'failed'; error: string };

/** The cookie header each principal sends; the user's and staff's are asked for as each request is made (a request may have ended the session). */
export type Sessions = { user: () => Promise<string>; staff: () => Promise<string> };

const FORGED_COOKIE = 'krom_session=bm90IGEgc2Vzc2lvbg%3D%3D%3Bbm9uY2U%3D';
const agent = new Agent({ keepAlive: true, maxSockets: 8 });
const guardedSockets = new WeakSet<object>();

/**
 * Sends one generated request with node:http (it can send Expect, chunked bodies and any header,
 * which fetch refuses) and reads the whole answer, an event stream's first bytes only. Anything
 * not complete after `timeoutMs` is a hang. A kept-alive connection the server had already closed
 * (after a 431, say) fails before the request reaches it; the request is then sent again once,
 * as Node's documentation advises (`reusedSocket`).
 */
export async function sendGenerated(
  entries: Record<Entry, string>,
  generated: GeneratedRequest,
  sessions: Sessions,
  timeoutMs: number,
): Promise<Outcome> {
  const cookie =
    generated.principal === 'user' ? await sessions.user() : generated.principal === 'staff' ? await sessions.staff() : generated.principal === 'forged' ? FORGED_COOKIE : undefined;
  const signal = AbortSignal.timeout(timeoutMs);
  const first = await attempt(entries, generated, cookie, signal);
  return first.staleConnection ? (await attempt(entries, generated, cookie, signal)).outcome : first.outcome;
}

function attempt(entries: Record<Entry, string>, generated: GeneratedRequest, cookie: string | undefined, signal: AbortSignal): Promise<{ outcome: Outcome; staleConnection: boolean }> {
  const url = new URL(entries[generated.entry]);
  const body = generated.body;
  const headers: Record<string, string> = { ...generated.headers, ...(cookie ? { cookie } : {}) };
  if (body && body.transfer !== 'chunked') headers['content-length'] = String(body.bytes.length);
  if (body?.transfer === 'chunked') headers['transfer-encoding'] = 'chunked';
  if (body?.transfer === 'expect-continue') headers.expect = '100-continue';
  return new Promise((resolve) => {
    let settled = false;
    let answered = false;
    const settle = (outcome: Outcome, staleConnection = false) => {
      if (settled) return;
      settled = true;
      resolve({ outcome, staleConnection });
    };
    let request: ReturnType<typeof httpRequest>;
    try {
      request = httpRequest({ host: url.hostname, port: url.port, method: generated.method, path: generated.url, headers, agent, signal });
    } catch (error) {
      return settle({ status: 'failed', error: `not sent: ${(error as Error).message}` });
    }
    // A write the server cut short can fail after the answer was read and the request let go of
    // its connection; that error is the request's story, told above, not a crash of this process.
    request.on('socket', (socket) => {
      if (!guardedSockets.has(socket)) socket.on('error', () => {});
      guardedSockets.add(socket);
    });
    let bodySent = !body;
    request.on('response', (response) => {
      answered = true;
      const status = response.statusCode ?? 0;
      let text = '';
      const done = () => {
        settle({ status, text, bodySent });
        // Answered before the body was asked for (Expect): the body is never sent, so the connection is not reused.
        if (!request.writableEnded) request.destroy();
      };
      if (isEventStream(response.headers)) {
        response.destroy();
        return done();
      }
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => {
        if (text.length < 4096) text += chunk;
      });
      response.on('end', done);
      response.on('error', (error) => settle({ status: signal.aborted ? 'hang' : 'failed', error: `${status} then ${error.message}` }));
    });
    request.on('error', (error) =>
      settle({ status: signal.aborted ? 'hang' : 'failed', error: error.message }, !answered && !signal.aborted && request.reusedSocket),
    );
    if (!body) return void request.end();
    if (body.transfer === 'expect-continue') {
      request.on('continue', () => {
        bodySent = true;
        request.end(body.bytes);
      });
      return;
    }
    bodySent = true;
    if (body.transfer === 'chunked') {
      // In pieces, so it goes out chunked.
      for (let at = 0; at < body.bytes.length; at += 64 * 1024) request.write(body.bytes.subarray(at, at + 64 * 1024));
      return void request.end();
    }
    request.end(body.bytes);
  });
}

const isEventStream = (headers: IncomingHttpHeaders) => String(headers['content-type'] ?? '').startsWith('text/event-stream');

/** Whether an outcome is what a malformed request may get: an answer, complete, with a 2xx or 4xx status. */
export const acceptable = (outcome: Outcome) => typeof outcome.status === 'number' && outcome.status >= 200 && outcome.status < 500 && !(outcome.status >= 300 && outcome.status < 400);

/** A short description of a request for a failure message (the body's first bytes only). */
export function describeRequest(generated: GeneratedRequest): string {
  const body = generated.body ? ` body(${generated.body.transfer}, ${generated.body.bytes.length} B): ${JSON.stringify(generated.body.bytes.subarray(0, 200).toString('latin1'))}` : '';
  return `${generated.method} ${generated.url.slice(0, 200)} via ${generated.entry} as ${generated.principal} ${JSON.stringify(generated.headers)}${body}`;
}

/**
 * A session kept alive for the fuzzing: `check` says whether a cookie still works, `open` signs in
 * afresh (after a generated request signed out or deleted the account).
 */
export function keptSession(check: (cookie: string) => Promise<boolean>, open: () => Promise<string>): () => Promise<string> {
  let current: Promise<string> | undefined;
  return async () => {
    const cookie = current ? await current : undefined;
    if (cookie !== undefined && (await check(cookie))) return cookie;
    current = open();
    return current;
  };
}

/** Whether `cookie` still opens `path` at the BFF (GET, 200). */
export async function opens(bffUrl: string, path: string, cookie: string): Promise<boolean> {
  const response = await fetch(`${bffUrl}${path}`, { headers: { cookie }, signal: AbortSignal.timeout(10_000) });
  await response.arrayBuffer();
  return response.status === 200;
}
