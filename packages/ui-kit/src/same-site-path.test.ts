import { describe, expect, it } from 'vitest';
import { sameSitePath } from './same-site-path.ts';

describe('sameSitePath', () => {
  it('keeps a path on this site, with its query', () => {
    expect(sameSitePath('/ride-listings?from=Accra&to=Kumasi')).toBe('/ride-listings?from=Accra&to=Kumasi');
    expect(sameSitePath('/')).toBe('/');
  });

  it.each([['//evil.example/x'], ['/\\evil.example'], ['https://evil.example'], ['javascript:alert(1)'], ['ride-listings'], ['/\tjavascript:x'], [''], [null], [42]])(
    'refuses %j',
    (value) => {
      expect(sameSitePath(value)).toBeUndefined();
    },
  );
});
