import path from 'node:path';
import ts from 'typescript';

/*
 * The import boundaries of the monorepo (ARCHITECTURE.md, STYLE.md), which biome's
 * noRestrictedImports cannot say: it matches an import's text, and a relative import's text does
 * not tell which service or feature it reaches (`../../rides/api/x.ts` from one folder is another
 * feature, from another the same one). Each import is resolved to the file or package it names
 * and checked by where both sit:
 *
 * - a frontend feature imports no other feature's internals, only its public file
 *   (`features/<name>/index.ts` or `.tsx`); the frontend's own files around its features (`src/app`
 *   with its route table, contract tests) assemble the features and may reach their screens;
 * - a frontend reaches another frontend only through the exports its package declares;
 * - a service imports no other service;
 * - the BFF and the services import nothing of each other, and a frontend imports neither: they
 *   share only packages/* (the BFF's own integration and contract tests, `bff/test/` and
 *   `bff/contract/`, start the real services in process and may open them);
 * - a package imports no app (a service, the BFF, a frontend);
 * - a script reaches an app only through the exports its package declares
 *   (`@krom/rides-service/search-cache`), never a path inside it.
 *
 * "Through the exports" means the import's subpath is one the package.json's `exports` lists
 * (or matches one of its `*` patterns), not merely that the package declares some.
 */

/** Where a file sits, by the part of the monorepo it belongs to. */
export type Place =
  | { kind: 'feature'; app: string; feature: string; rest: string }
  | { kind: 'frontend'; app: string }
  | { kind: 'service'; name: string }
  | { kind: 'bff' }
  | { kind: 'package'; name: string }
  | { kind: 'script' }
  | { kind: 'other' };

/** Where a file sits, from its path relative to the repository's root (forward slashes). */
export function placeOf(file: string): Place {
  const parts = file.split('/');
  const [top, name, ...rest] = parts;
  if (top === 'frontends' && name !== undefined) {
    if (rest[0] === 'src' && rest[1] === 'features' && rest[2] !== undefined && rest.length > 3) {
      return { kind: 'feature', app: name, feature: rest[2], rest: rest.slice(3).join('/') };
    }
    return { kind: 'frontend', app: name };
  }
  if (top === 'services' && name !== undefined && rest.length > 0) return { kind: 'service', name };
  if (top === 'bff' && name !== undefined) return { kind: 'bff' };
  if (top === 'packages' && name !== undefined && rest.length > 0) return { kind: 'package', name };
  if (top === 'scripts' && name !== undefined) return { kind: 'script' };
  return { kind: 'other' };
}

/** A workspace package: its folder (relative to the root) and the subpaths its `exports` declare. */
export type Workspace = { folder: string; exports: string[] };

/** What an import names: a file of the repository, an export of a workspace package, or nothing of ours. */
export type Target = { file: string; viaExport: boolean } | undefined;

/** Whether `subpath` (`.` or `./x/y`) is one of the `exports` keys, exactly or through a key's single `*`. */
export function exportsSubpath(exports: readonly string[], subpath: string): boolean {
  return exports.some((key) => {
    const star = key.indexOf('*');
    if (star < 0) return key === subpath;
    const [prefix, suffix] = [key.slice(0, star), key.slice(star + 1)];
    return subpath.length > prefix.length + suffix.length && subpath.startsWith(prefix) && subpath.endsWith(suffix);
  });
}

/**
 * The file an import names, relative to the root: a relative import resolved from `from`; a
 * workspace package's import as the package's folder and subpath, public when the package's
 * `exports` list that subpath (Node, the bundlers and TypeScript then refuse any subpath it does not
 * list; without `exports` every file of the package could be reached by name, so none is public).
 */
export function resolveImport(from: string, specifier: string, workspaces: ReadonlyMap<string, Workspace>): Target {
  if (specifier.startsWith('.')) return { file: path.posix.normalize(path.posix.join(path.posix.dirname(from), specifier)), viaExport: false };
  const [scope, name, ...sub] = specifier.split('/');
  const workspace = scope?.startsWith('@') ? workspaces.get(`${scope}/${name}`) : workspaces.get(scope ?? '');
  if (workspace === undefined) return undefined;
  const subpath = scope?.startsWith('@') ? sub.join('/') : [name, ...sub].filter(Boolean).join('/');
  return { file: `${workspace.folder}/${subpath}`, viaExport: exportsSubpath(workspace.exports, subpath === '' ? '.' : `./${subpath}`) };
}

/** Why an import from `from` to `target` crosses a boundary, or undefined when it may. */
export function boundaryBroken(from: string, target: NonNullable<Target>): string | undefined {
  const source = placeOf(from);
  const dest = placeOf(target.file);
  const isApp = dest.kind === 'service' || dest.kind === 'bff' || dest.kind === 'frontend' || dest.kind === 'feature';
  const sourceApp = source.kind === 'feature' || source.kind === 'frontend' ? source.app : undefined;
  const destApp = dest.kind === 'feature' || dest.kind === 'frontend' ? dest.app : undefined;
  if (sourceApp !== undefined && destApp !== undefined && sourceApp !== destApp) {
    if (target.viaExport) return undefined;
    return `frontend ${sourceApp} reaches inside frontend ${destApp} (${target.file}); import what its package.json exports`;
  }
  if (dest.kind === 'feature' && source.kind === 'feature' && source.app === dest.app && source.feature !== dest.feature) {
    if (/^index\.tsx?$/.test(dest.rest)) return undefined;
    return `feature ${source.feature} imports the internals of feature ${dest.feature} (only features/${dest.feature}/index.ts is public)`;
  }
  if (source.kind === 'service' && dest.kind === 'service' && source.name !== dest.name) {
    return `service ${source.name} imports service ${dest.name}`;
  }
  const bffHarness = /^bff\/(test|contract)\//.test(from);
  if ((source.kind === 'service' && dest.kind === 'bff') || (source.kind === 'bff' && dest.kind === 'service' && !bffHarness)) {
    return `${source.kind === 'bff' ? 'the BFF' : `service ${source.name}`} imports ${dest.kind === 'bff' ? 'the BFF' : `service ${dest.name}`} (they share only packages/*)`;
  }
  if (sourceApp !== undefined && (dest.kind === 'service' || dest.kind === 'bff')) {
    return `frontend ${sourceApp} imports ${dest.kind === 'bff' ? 'the BFF' : `service ${dest.name}`} (frontends share only packages/*)`;
  }
  if (source.kind === 'package' && isApp) return `package ${source.name} imports an app (${target.file})`;
  if (source.kind === 'script' && isApp && !target.viaExport) {
    return `a script reaches inside an app (${target.file}); import what its package.json exports`;
  }
  return undefined;
}

/** The module specifiers a TypeScript or JavaScript file imports, re-exports or loads with import(). */
export function importsOf(text: string): string[] {
  return ts.preProcessFile(text, true, true).importedFiles.map((file) => file.fileName);
}

export type Violation = { file: string; specifier: string; reason: string };

/** Every import of `files` (path relative to the root → its text) that crosses a boundary. */
export function boundaryViolations(files: ReadonlyMap<string, string>, workspaces: ReadonlyMap<string, Workspace>): Violation[] {
  const violations: Violation[] = [];
  for (const [file, text] of files) {
    for (const specifier of importsOf(text)) {
      const target = resolveImport(file, specifier, workspaces);
      const reason = target && boundaryBroken(file, target);
      if (reason) violations.push({ file, specifier, reason });
    }
  }
  return violations;
}
