import { isolatedTestEnv } from '@krom/server-kit/testing';
import { describe, expect, it } from 'vitest';
import { bffConfigSchema } from '../src/config.ts';
import { bffTestConfig, NOT_RUNNING } from './bff-test-config.ts';

describe('the BFF of a test', () => {
  it('reaches only addresses the test names: every service and outside API is down unless the test started it', () => {
    const env = isolatedTestEnv('bffconfig');
    const config = bffTestConfig(env) as Record<string, unknown>;
    // Every address setting, including any added later: left at its default, it would reach a running `npm start` (or Google).
    const addresses = Object.keys(bffConfigSchema.shape).filter((key) => key.endsWith('_URL'));
    expect(addresses).toContain('IDENTITY_URL');
    const named = new Set([NOT_RUNNING, env.redisUrl, env.natsUrl]);
    expect(addresses.filter((key) => !named.has(String(config[key])))).toEqual([]);
  });

  it('names a service the test started, and leaves a setting unset when told', () => {
    const env = isolatedTestEnv('bffconfig');
    const config = bffTestConfig(env, { IDENTITY_URL: 'http://127.0.0.1:40123', NATS_URL: undefined });
    expect(config.IDENTITY_URL).toBe('http://127.0.0.1:40123');
    expect(config.RIDES_URL).toBe(NOT_RUNNING);
    expect(config.NATS_URL).toBeUndefined();
  });
});
