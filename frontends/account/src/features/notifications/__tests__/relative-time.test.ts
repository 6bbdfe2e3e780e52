import { describe, expect, it } from 'vitest';
import { relativeTime } from '../relative-time.ts';

const now = Date.parse('2026-11-22T12:00:00.000Z');
const ago = (ms: number) => new Date(now - ms).toISOString();

describe('relativeTime', () => {
  it('reads like a person would say it', () => {
    expect(relativeTime(ago(20_000), now)).toBe('Just now');
    expect(relativeTime(ago(60_000), now)).toBe('1 minute ago');
    expect(relativeTime(ago(5 * 60_000), now)).toBe('5 minutes ago');
    expect(relativeTime(ago(3 * 3_600_000 + 59 * 60_000), now)).toBe('3 hours ago');
    expect(relativeTime(ago(26 * 3_600_000), now)).toBe('yesterday');
    expect(relativeTime(ago(6 * 86_400_000), now)).toBe('6 days ago');
  });

  it('gives the date once a week has passed, and never a time in the future', () => {
    expect(relativeTime('2026-11-01T09:00:00.000Z', now)).toBe('1 Nov 2026');
    expect(relativeTime(new Date(now + 30_000).toISOString(), now)).toBe('Just now');
  });
});
