import { describe, expect, it } from 'vitest';
import { CurrentUserCache } from './current-user-cache.ts';

const AMA = '6f1c1f7e-2b1a-4c55-9d0e-5a4b3c2d1e0f';
const KOFI = '0b8e6a52-1d3c-4e7f-8a9b-0c1d2e3f4a5b';

function liveCache(now = () => 0) {
  const cache = new CurrentUserCache({ max: 100, ttlMs: 30_000, now });
  cache.subscriptionChanged(true);
  return cache;
}

describe('the current-user copies', () => {
  it('keep nothing while the event subscription is down', () => {
    const cache = new CurrentUserCache({ max: 100, ttlMs: 30_000 });
    cache.store(AMA, '{"firstName":"Ama"}', cache.begin());
    expect(cache.get(AMA)).toBeUndefined();
  });

  it('serve what was stored, per user', () => {
    const cache = liveCache();
    cache.store(AMA, '{"firstName":"Ama"}', cache.begin());
    expect(cache.get(AMA)).toBe('{"firstName":"Ama"}');
    expect(cache.get(KOFI)).toBeUndefined();
  });

  it('refuse an answer read before a change arrived (it may be the old one)', () => {
    const cache = liveCache();
    const token = cache.begin();
    cache.drop(AMA);
    cache.store(AMA, '{"firstName":"Old"}', token);
    expect(cache.get(AMA)).toBeUndefined();
  });

  it('drop everything when the subscription drops, and keep it dropped after it is back', () => {
    const cache = liveCache();
    cache.store(AMA, '{"firstName":"Ama"}', cache.begin());
    cache.subscriptionChanged(false);
    cache.subscriptionChanged(true);
    expect(cache.get(AMA)).toBeUndefined();
  });

  it('expire after their lifetime even with no event', () => {
    let now = 1_000;
    const cache = liveCache(() => now);
    cache.store(AMA, '{"firstName":"Ama"}', cache.begin());
    now += 29_999;
    expect(cache.get(AMA)).toBeDefined();
    now += 2;
    expect(cache.get(AMA)).toBeUndefined();
  });
});
