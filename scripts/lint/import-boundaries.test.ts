import { describe, expect, it } from 'vitest';
import { boundaryViolations, exportsSubpath, importsOf, type Workspace } from './import-boundaries.ts';

const workspaces = new Map<string, Workspace>([
  ['@krom/contracts', { folder: 'packages/contracts', exports: ['./*'] }],
  ['@krom/ui-kit', { folder: 'packages/ui-kit', exports: ['./*'] }],
  ['@krom/rides-service', { folder: 'services/rides', exports: ['./search-cache'] }],
  ['@krom/identity-service', { folder: 'services/identity', exports: [] }],
  ['@krom/bff', { folder: 'bff', exports: [] }],
  ['@krom/marketplace', { folder: 'frontends/marketplace', exports: [] }],
  ['@krom/account', { folder: 'frontends/account', exports: ['./routes-manifest'] }],
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
    expect(check(from, '@krom/ui-kit/select.tsx')).toEqual([]);
  });

  it('lets the frontend’s own files around its features assemble them', () => {
    // The route table and the contract tests put the features together; that is their job.
    expect(check('frontends/marketplace/src/app/routes.tsx', '../features/vehicles/components/add-vehicle-page.tsx')).toEqual([]);
    expect(check('frontends/marketplace/contract/bff.consumer.pact.test.ts', '../src/features/vehicles/api/create-vehicle.ts')).toEqual([]);
    // A feature is still held to another feature's public file.
    expect(check('frontends/marketplace/src/features/rides/components/x.tsx', '../../vehicles/components/add-vehicle-page.tsx')).toHaveLength(1);
  });

  it('lets a frontend reach another frontend only through what its package exports', () => {
    const from = 'frontends/marketplace/src/features/a/components/x.tsx';
    expect(check(from, '../../../../../account/src/features/b/internal.ts')).toEqual([
      'frontend marketplace reaches inside frontend account (frontends/account/src/features/b/internal.ts); import what its package.json exports',
    ]);
    expect(check(from, '../../../../../account/src/features/b/index.ts')).toHaveLength(1);
    expect(check(from, '@krom/account/src/features/b/internal.ts')).toHaveLength(1);
    expect(check('frontends/marketplace/src/app/routes.tsx', '../../../account/src/app/routes.tsx')).toHaveLength(1);
    expect(check('frontends/shell/src/app/remotes.ts', '@krom/account/routes-manifest')).toEqual([]);
  });

  it('keeps the BFF and the services apart, and frontends away from both', () => {
    expect(check('bff/src/routes/rides.ts', '../../../services/rides/src/search/search-rides.ts')).toEqual([
      'the BFF imports service rides (they share only packages/*)',
    ]);
    // Even what a service exports is not for the BFF.
    expect(check('bff/src/routes/rides.ts', '@krom/rides-service/search-cache')).toHaveLength(1);
    expect(check('services/rides/src/app.ts', '../../../bff/src/app.ts')).toEqual(['service rides imports the BFF (they share only packages/*)']);
    expect(check('services/rides/test/x.test.ts', '@krom/bff/src/app.ts')).toHaveLength(1);
    expect(check('frontends/marketplace/src/features/a/api/x.ts', '../../../../../../services/rides/src/open-rides.ts')).toEqual([
      'frontend marketplace imports service rides (frontends share only packages/*)',
    ]);
    expect(check('frontends/marketplace/src/app/x.ts', '@krom/bff/src/app.ts')).toEqual(['frontend marketplace imports the BFF (frontends share only packages/*)']);
    // The BFF's own integration and contract tests start the real services in process.
    expect(check('bff/test/bff-test-env.ts', '../../services/rides/src/open-rides.ts')).toEqual([]);
    expect(check('bff/contract/x.pact.test.ts', '../../services/identity/test/identity-test-env.ts')).toEqual([]);
    expect(check('bff/src/app.ts', '@krom/contracts/http/rides')).toEqual([]);
    expect(check('frontends/marketplace/src/app/x.ts', '@krom/contracts/http/rides')).toEqual([]);
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
    // Declaring some exports does not make every subpath one of them.
    expect(check('scripts/lib/search-cache-bench.ts', '@krom/rides-service/src/search/search-rides.ts')).toHaveLength(1);
    expect(check('scripts/lib/search-cache-bench.ts', '@krom/rides-service')).toHaveLength(1);
    // A package declaring no exports lets any of its files be reached by name: none is public.
    expect(check('scripts/create-admin.ts', '@krom/identity-service/src/config.ts')).toHaveLength(1);
    expect(check('scripts/bench.ts', './lib/infra.ts')).toEqual([]);
  });

  it('matches a subpath against exports exactly or through a single * pattern', () => {
    expect(exportsSubpath(['./search-cache'], './search-cache')).toBe(true);
    expect(exportsSubpath(['./search-cache'], './search-cache/x')).toBe(false);
    expect(exportsSubpath(['./*'], './http/rides')).toBe(true);
    expect(exportsSubpath(['./build/*'], './build/x.css')).toBe(true);
    expect(exportsSubpath(['./build/*'], './build/')).toBe(false);
    expect(exportsSubpath(['./*.css'], './x.ts')).toBe(false);
    expect(exportsSubpath(['.'], '.')).toBe(true);
    expect(exportsSubpath([], '.')).toBe(false);
  });
});
