import { describe, expect, it } from 'vitest';
import playwrightConfig from '../e2e/playwright.config.ts';
import vitestConfig from '../vitest.config.ts';

/**
 * A test's time limit catches a hang; it must not judge speed. On a machine whose two cores are
 * kept busy by other work (load average 10 to 28), screen tests took over vitest's 5 s default
 * and the admin CLI test over its 60 s: every kind of test gets a limit such a machine never reaches.
 */
const atLeast = { ui: 120_000, unit: 120_000, integration: 300_000, replicas: 300_000, 'contract-consumer': 120_000, 'contract-provider': 120_000 };

describe('the suite’s time limits', () => {
  it('give every vitest project a test and hook limit a busy machine never reaches', () => {
    const projects = (vitestConfig.test?.projects ?? []) as { test?: { name?: string; testTimeout?: number; hookTimeout?: number } }[];
    const limits = Object.fromEntries(projects.map(({ test }) => [test?.name, { test: test?.testTimeout ?? 5000, hook: test?.hookTimeout ?? 10_000 }]));
    expect(Object.keys(limits).sort()).toEqual(Object.keys(atLeast).sort());
    for (const [name, minimum] of Object.entries(atLeast)) {
      expect({ name, ...limits[name] }).toEqual({ name, test: expect.toSatisfy((ms: number) => ms >= minimum), hook: expect.toSatisfy((ms: number) => ms >= minimum) });
    }
  });

  it('give each end-to-end test minutes, and each of its expectations a minute', () => {
    expect(playwrightConfig.timeout).toBeGreaterThanOrEqual(300_000);
    expect(playwrightConfig.expect?.timeout).toBeGreaterThanOrEqual(60_000);
  });
});
