import { reportedModuleId } from '@krom/ui-kit/build/bundle-report.ts';
import { describe, expect, it } from 'vitest';
import { biggestModules, builtFileOf, filledPath } from './page-javascript.ts';

describe('the JavaScript budget’s measurement', () => {
  it('finds a script in the build that served it: the shell at /assets, a remote under /remotes/<name>/', () => {
    expect(builtFileOf('http://localhost:8180/assets/bootstrap-D1.js')).toMatchObject({ frontend: 'shell', file: 'assets/bootstrap-D1.js' });
    expect(builtFileOf('http://localhost:8180/remotes/marketplace/assets/fields-G2.js')).toMatchObject({ frontend: 'marketplace', file: 'assets/fields-G2.js' });
    expect(builtFileOf('http://localhost:8180/remotes/account/assets/x.js').dist).toMatch(/\/frontends\/account\/dist$/);
  });

  it('shares each file’s gzipped size among its modules by rendered length, the same package of two builds apart', () => {
    const reports: Record<string, Record<string, Record<string, number>>> = {
      shell: { 'assets/fields-A.js': { zod: 300, 'packages/contracts/src/http/fields.ts': 100 } },
      marketplace: { 'assets/fields-B.js': { zod: 100 } },
    };
    const shares = biggestModules(
      [
        { url: 'http://x/assets/fields-A.js', gzipBytes: 4000 },
        { url: 'http://x/remotes/marketplace/assets/fields-B.js', gzipBytes: 2000 },
        { url: 'http://x/remotes/marketplace/assets/remoteEntry.js', gzipBytes: 500 },
      ],
      (dist) => ({ chunks: reports[dist.split('/').at(-2)!] ?? {} }),
    );
    expect(shares).toEqual([
      { module: 'zod', frontend: 'shell', gzipBytes: 3000 },
      { module: 'zod', frontend: 'marketplace', gzipBytes: 2000 },
      { module: 'packages/contracts/src/http/fields.ts', frontend: 'shell', gzipBytes: 1000 },
      { module: 'assets/remoteEntry.js', frontend: 'marketplace', gzipBytes: 500 },
    ]);
  });

  it('names a module by its package under node_modules and by its path in the repository otherwise', () => {
    expect(reportedModuleId('/repo/node_modules/@tanstack/query-core/build/modern/query.js', '/repo/')).toBe('@tanstack/query-core');
    expect(reportedModuleId('/repo/node_modules/react-dom/cjs/react-dom.production.js?commonjs-exports', '/repo/')).toBe('react-dom');
    expect(reportedModuleId('/repo/frontends/shell/src/main.ts', '/repo/')).toBe('frontends/shell/src/main.ts');
    expect(reportedModuleId('\0virtual:__federation__', '/repo/')).toBe('virtual:__federation__');
  });

  it('fills a budget path’s placeholders and refuses one it has no value for', () => {
    expect(filledPath('/ride-preview/{rideId}', { rideId: 'a1b2' })).toBe('/ride-preview/a1b2');
    expect(() => filledPath('/ride-preview/{rideId}', {})).toThrow('no value for {rideId}');
  });
});
