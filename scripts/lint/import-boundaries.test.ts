import { describe, expect, it } from 'vitest';
import { boundaryViolations, importsOf, type Workspace } from './import-boundaries.ts';

const workspaces = new Map<string, Workspace>([
  ['@krom/contracts', { folder: 'packages/contracts', exports: ['./*'] }],
  ['@krom/ui-kit', { folder: 'packages/ui-kit', exports: ['./*'] }],
  ['@krom/rides-service', { folder: 'services/rides', exports: ['./search-cache'] }],
  ['@krom/identity-service', { folder: 'services/identity', exports: [] }],
  ['@krom/bff', { folder: 'bff', exports: [] }],
  ['@krom/marketplace', { folder: 'frontends/marketplace', exports: [] }],
]);

/** The reasons lint gives for one file importing `specifier`. */
const check = (file: string, specifier: string) => boundaryViolations(new Map([[file, `import { x } from '${specifier}';\n`]]), workspaces).map((v) => v.reason);

describe('import boundaries', () => {
  it('reads every kind of import a file makes', () => {
    const text = [
      "import type { A } from './a.ts';",
      "import b from '../b.ts';",
      "export { c } from './c.ts';",
      "export * from './d.ts';",
      "const e = await import('./e.tsx');",
      "import './f.css';",
    ].join('\n');
    expect(importsOf(text)).toEqual(['./a.ts', '../b.ts', './c.ts', './d.ts', './e.tsx', './f.css']);
  });

  it('refuses a feature importing another feature’s internals, not its public file nor its own files', () => {
    const from = 'frontends/marketplace/src/features/search/components/list.tsx';
    expect(check(from, '../../vehicles/components/add-vehicle-page.tsx')).toEqual([
      'feature search imports the internals of feature vehicles (only features/vehicles/index.ts is public)',
    ]);
    expect(check('frontends/marketplace/src/features/search/__tests__/list.test.tsx', '../../vehicles/api/get-vehicles.ts')).toHaveLength(1);
    expect(check(from, '../../vehicles/index.ts')).toEqual([]);
    expect(check(from, '../api/search-rides.ts')).toEqual([]);
    // The app assembles features; features of another frontend are that frontend's business.
    expect(check('frontends/marketplace/src/app/routes.tsx', '../features/vehicles/components/add-vehicle-page.tsx')).toEqual([]);
    expect(check(from, '@krom/ui-kit/select.tsx')).toEqual([]);
  });

  it('refuses a service importing another service, by path or by package', () => {
    expect(check('services/rides/src/app.ts', '../../identity/src/users/users.ts')).toEqual(['service rides imports service identity']);
    expect(check('services/rides/test/x.test.ts', '@krom/identity-service')).toEqual(['service rides imports service identity']);
    expect(check('services/rides/test/x.test.ts', '../src/search/search-cache.ts')).toEqual([]);
    expect(check('services/rides/src/app.ts', '@krom/contracts/http/rides')).toEqual([]);
  });

  it('refuses a package importing any app', () => {
    expect(check('packages/server-kit/src/outbox.ts', '../../../services/rides/src/db/schema.ts')).toEqual([
      'package server-kit imports an app (services/rides/src/db/schema.ts)',
    ]);
    expect(check('packages/ui-kit/src/x.tsx', '../../../frontends/marketplace/src/app/routes.tsx')).toHaveLength(1);
    expect(check('packages/ui-kit/src/x.tsx', '@krom/marketplace/routes')).toHaveLength(1);
    expect(check('packages/contracts/src/x.ts', '../../../bff/src/app.ts')).toHaveLength(1);
    expect(check('packages/ui-kit/src/x.tsx', '@krom/contracts/http/rides')).toEqual([]);
  });

  it('lets a script reach an app only through what its package exports', () => {
    expect(check('scripts/lib/marketplace-bench.ts', '../../services/rides/src/search/search-rides.ts')).toEqual([
      'a script reaches inside an app (services/rides/src/search/search-rides.ts); import what its package.json exports',
    ]);
    expect(check('scripts/fuzz-api.ts', '../bff/test/generated-requests.ts')).toHaveLength(1);
    expect(check('scripts/lib/search-cache-bench.ts', '@krom/rides-service/search-cache')).toEqual([]);
    // A package declaring no exports lets any of its files be reached by name: none is public.
    expect(check('scripts/create-admin.ts', '@krom/identity-service/src/config.ts')).toHaveLength(1);
    expect(check('scripts/bench.ts', './lib/infra.ts')).toEqual([]);
  });
});
