import { ASSERTION_HEADER, signAssertion } from '@krom/server-kit/internal-auth';
import { staffCaller } from '@krom/server-kit/testing';
import pg from 'pg';

type Options = { identityUrl: string; ridesDatabaseUrl: string; secret: string; count: number };

/**
 * How long a staff decision takes to reach the rides service's projection of the user (the
 * posting-rights gate reads it): for `count` new users, each sends an identity form straight to
 * identity; then, one at a time, staff approve it and the rides database is read every 2 ms
 * until the user's row says approved. Milliseconds from the decision's answer, sorted.
 */
export async function measureDecisionLatency({ identityUrl, ridesDatabaseUrl, secret, count }: Options): Promise<number[]> {
  const as = async (caller: Parameters<typeof signAssertion>[1]) => ({ [ASSERTION_HEADER]: await signAssertion(secret, caller, 'identity') });
  const staff = staffCaller(['trust_safety']);
  const submissions: { userId: string; submissionId: string }[] = [];
  const stamp = Date.now();
  for (let i = 0; i < count; i++) {
    const person = { firstName: 'Bench', lastName: 'Driver', email: `bench.decided.${stamp}.${i}@bench.example`, phone: `026${String(1_000_000 + i)}`, password: 'Bench-Driver-Kente-2026' };
    const made = await fetch(`${identityUrl}/users`, { method: 'POST', headers: { 'content-type': 'application/json', ...(await as({ kind: 'public' })) }, body: JSON.stringify(person) });
    if (made.status !== 201) throw new Error(`registering a decision-latency account answered ${made.status}: ${await made.text()}`);
    const userId = ((await made.json()) as { id: string }).id;
    const form = new FormData();
    form.set('fullName', 'Bench Driver');
    form.set('cardNumber', `GHA-${String(700_000_000 + i)}-1`);
    form.set('expiryDate', `${new Date().getUTCFullYear() + 3}-01-31`);
    const sent = await fetch(`${identityUrl}/verification/identity`, { method: 'POST', headers: await as({ kind: 'user', userId }), body: form });
    if (sent.status !== 201) throw new Error(`a bench identity form answered ${sent.status}: ${await sent.text()}`);
    submissions.push({ userId, submissionId: ((await sent.json()) as { id: string }).id });
  }
  const rides = new pg.Client({ connectionString: ridesDatabaseUrl });
  await rides.connect();
  const latencies: number[] = [];
  try {
    for (const { userId, submissionId } of submissions) {
      const decided = await fetch(`${identityUrl}/verification/submissions/${submissionId}/decision`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(await as(staff)) },
        body: JSON.stringify({ decision: 'approved' }),
      });
      if (decided.status !== 200) throw new Error(`a bench decision answered ${decided.status}: ${await decided.text()}`);
      const answered = performance.now();
      const deadline = answered + 10_000;
      for (;;) {
        const { rows } = await rides.query<{ status: string }>('SELECT verification_status AS status FROM user_profiles WHERE user_id = $1', [userId]);
        if (rows[0]?.status === 'approved') break;
        if (performance.now() > deadline) throw new Error(`the decision for ${userId} did not reach the rides projection within 10 s`);
        await new Promise((resolve) => setTimeout(resolve, 2));
      }
      latencies.push(performance.now() - answered);
    }
  } finally {
    await rides.end();
  }
  return latencies.sort((a, b) => a - b);
}
