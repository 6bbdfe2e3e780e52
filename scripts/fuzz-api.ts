import fc from 'fast-check';
import {
  acceptable,
  apiOperations,
  describeRequest,
  type Entry,
  generatedRequests,
  keptSession,
  type OpenApiDocument,
  opens,
  type Outcome,
  type Sessions,
  sendGenerated,
} from '@krom/bff/generated-requests';

/**
 * The long run of the generated bad requests (bff/test/generated-requests.ts) that `npm run bench`
 * makes against the system it started: `runs` requests per /api route, several at a time, through
 * the web server and straight to the BFF, counted by status. Anything but a complete 2xx or 4xx
 * (a 5xx, a 3xx, a hang, a broken connection) is listed with the request that got it.
 */
export type FuzzOptions = {
  entries: Record<Entry, string>;
  /** The Origin the app is served from (the BFF refuses writes from any other). */
  origin: string;
  sessions: Sessions;
  runs: number;
  seed?: number;
  concurrency?: number;
  timeoutMs?: number;
};

export type FuzzReport = {
  requests: number;
  seconds: number;
  /** Requests by status ('hang' and 'failed' included), most frequent first. */
  byStatus: [string, number][];
  failures: { route: string; request: string; outcome: Outcome }[];
};

export async function fuzzApi(options: FuzzOptions): Promise<FuzzReport> {
  const { entries, origin, sessions, runs, seed = Date.now() % 2 ** 31, concurrency = 4, timeoutMs = 10_000 } = options;
  const documentResponse = await fetch(`${entries.bff}/api/openapi.json`);
  const operations = apiOperations((await documentResponse.json()) as OpenApiDocument);
  const counts = new Map<string, number>();
  const failures: FuzzReport['failures'] = [];
  const began = Date.now();
  let requests = 0;
  for (const operation of operations) {
    const route = `${operation.method} ${operation.path}`;
    const pending = fc.sample(generatedRequests(operation, origin), { seed, numRuns: runs });
    const worker = async () => {
      for (let request = pending.shift(); request; request = pending.shift()) {
        const outcome = await sendGenerated(entries, request, sessions, timeoutMs);
        requests += 1;
        const status = String(outcome.status);
        counts.set(status, (counts.get(status) ?? 0) + 1);
        if (!acceptable(outcome)) failures.push({ route, request: describeRequest(request), outcome });
      }
    };
    await Promise.all(Array.from({ length: concurrency }, worker));
  }
  return { requests, seconds: (Date.now() - began) / 1000, byStatus: [...counts].sort((a, b) => b[1] - a[1]), failures };
}

/** The report as bench prints it: the count per status, then each request that got neither a 2xx nor a 4xx. */
export function printFuzzReport(report: FuzzReport): void {
  console.log(`\n  generated bad requests: ${report.requests} in ${report.seconds.toFixed(0)} s to every /api route, through the web server and to the BFF`);
  console.log(`  by status: ${report.byStatus.map(([status, count]) => `${status}: ${count}`).join(', ')}`);
  console.log(`  neither 2xx nor 4xx: ${report.failures.length}`);
  for (const failure of report.failures.slice(0, 20)) {
    console.log(`    ${failure.route}: ${failure.request.slice(0, 300)}\n      → ${JSON.stringify(failure.outcome).slice(0, 300)}`);
  }
}

/**
 * Sessions for a run against a started system: staff signs in with its credentials; a user is an
 * account `newAccount` makes (a generated request may sign it out or delete it, so each new
 * session may need a new one), signed in through the BFF.
 */
export function signInSessions(options: {
  bff: string;
  origin: string;
  staff: { username: string; password: string };
  newAccount: () => Promise<{ email: string; password: string }>;
}): Sessions {
  const signIn = async (path: string, credentials: object) => {
    const response = await fetch(`${options.bff}${path}`, {
      method: 'POST',
      headers: { origin: options.origin, 'content-type': 'application/json' },
      body: JSON.stringify(credentials),
    });
    if (!response.ok) throw new Error(`${path} answered ${response.status}`);
    return response.headers.getSetCookie().map((cookie) => cookie.split(';')[0]).join('; ');
  };
  return {
    user: keptSession(
      (cookie) => opens(options.bff, '/api/auth/user', cookie),
      async () => signIn('/api/auth/login', await options.newAccount()),
    ),
    staff: keptSession(
      (cookie) => opens(options.bff, '/api/admin/verify', cookie),
      () => signIn('/api/admin/login', options.staff),
    ),
  };
}
