import { ASSERTION_HEADER, type Caller, signAssertion } from '@krom/server-kit/internal-auth';

/**
 * An internal assertion for a direct call, signed again every 10 s: one lives 30 s, and a run may
 * be longer (BENCH_SECONDS). `headers` is read as each request is made.
 */
export async function renewedAssertion(secret: string, caller: Caller, audience: string) {
  let current = await signAssertion(secret, caller, audience);
  const timer = setInterval(async () => {
    current = await signAssertion(secret, caller, audience);
  }, 10_000);
  return { headers: () => ({ [ASSERTION_HEADER]: current }), stop: () => clearInterval(timer) };
}
