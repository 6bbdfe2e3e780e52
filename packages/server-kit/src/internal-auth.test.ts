import { afterEach, describe, expect, it, vi } from 'vitest';
import { reusableAssertions, verifyAssertion } from './internal-auth.ts';

const secret = 'internal-secret-for-a-unit-test-0123456789';
const ama = { kind: 'user', userId: 'a8d1c9e2-0000-4000-8000-000000000001' } as const;
const kofi = { kind: 'user', userId: 'a8d1c9e2-0000-4000-8000-000000000002' } as const;

afterEach(() => {
  vi.useRealTimers();
});

describe('reusable assertions', () => {
  it('hands one caller the same assertion for a while, and each caller and service its own', async () => {
    const assertion = reusableAssertions(secret);
    const first = await assertion(ama, 'identity');
    expect(await assertion(ama, 'identity')).toBe(first);
    expect(await assertion(kofi, 'identity')).not.toBe(first);
    expect(await assertion(ama, 'rides')).not.toBe(first);
    expect(await verifyAssertion(secret, await assertion(kofi, 'identity'), 'identity')).toEqual(kofi);
    await expect(verifyAssertion(secret, await assertion(ama, 'rides'), 'identity')).rejects.toThrow();
  });

  it('signs a new one after 10 s, while the reused one is still valid for the service', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-23T08:00:00Z'));
    const assertion = reusableAssertions(secret);
    const first = await assertion(ama, 'identity');

    vi.setSystemTime(new Date('2026-11-23T08:00:09Z'));
    expect(await assertion(ama, 'identity')).toBe(first);
    // The last moment it is handed out, it has two thirds of its 30 s left.
    expect(await verifyAssertion(secret, first, 'identity')).toEqual(ama);

    vi.setSystemTime(new Date('2026-11-23T08:00:11Z'));
    const second = await assertion(ama, 'identity');
    expect(second).not.toBe(first);
    expect(await verifyAssertion(secret, second, 'identity')).toEqual(ama);

    vi.setSystemTime(new Date('2026-11-23T08:00:31Z'));
    await expect(verifyAssertion(secret, first, 'identity')).rejects.toThrow();
  });
});
