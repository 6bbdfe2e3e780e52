import type { V3MockServer } from '@pact-foundation/pact';
import { getFfiLib } from '@pact-foundation/pact-core';
import { vi } from 'vitest';

/** Long enough for any loaded machine; only a request that was never sent waits this out. */
const RECORDING_TIMEOUT_MS = 60_000;

/**
 * Whether the mock server's verdict is final: every expected request matched, or a request it
 * received was already recorded as wrong (the test fails either way, with pact's own message).
 */
function verdictRecorded(port: number): boolean {
  const ffi = getFfiLib();
  if (ffi.pactffiMockServerMatched(port)) return true;
  const results = JSON.parse(ffi.pactffiMockServerMismatches(port) || '[]') as { type: string }[];
  return results.some((result) => result.type !== 'missing-request');
}

/**
 * Wraps an `executeTest` callback so it ends only once the mock server has recorded what it
 * answered. pact-core 19's mock server records a match on a background task after sending the
 * response, so on a loaded machine pact could read its verdict first and report a request it
 * answered as "expected but not received" (pact-js#1835; fixed in pact-core 20, which needs Node 22).
 */
export function whenRecorded<T>(test: (mock: V3MockServer) => Promise<T>): (mock: V3MockServer) => Promise<T> {
  return async (mock) => {
    const value = await test(mock);
    await vi
      .waitFor(
        () => {
          if (!verdictRecorded(mock.port)) throw new Error('the mock server has not recorded its requests yet');
        },
        { timeout: RECORDING_TIMEOUT_MS, interval: 5 },
      )
      // A request never sent stays missing: pact reports it as such right after.
      .catch(() => undefined);
    return value;
  };
}
