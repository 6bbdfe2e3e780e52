import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

/** Written by every frontend's build beside its index.html; read by the JavaScript budget check. */
export const BUNDLE_REPORT_FILE = 'bundle-report.json';

/**
 * What each JS file of a build is made of: file name (relative to dist) → module → the bytes rollup
 * rendered of it into that file (before minification's whitespace is counted, after tree-shaking).
 * A module is a path relative to the repository's root, or the npm package name for anything under
 * node_modules (its files summed), or a bundler's virtual module as the bundler names it.
 */
export type BundleReport = { chunks: Record<string, Record<string, number>> };

const repoRoot = fileURLToPath(new URL('../../..', import.meta.url));

/** `/…/node_modules/@tanstack/query-core/build/x.js` → `@tanstack/query-core`; a repo file → its path from the root. */
export function reportedModuleId(id: string, root = repoRoot): string {
  const plain = id.replace(/^\0/, '').replace(/\?.*$/, '');
  const inPackage = plain.lastIndexOf('/node_modules/');
  if (inPackage >= 0) {
    const [scopeOrName, name] = plain.slice(inPackage + '/node_modules/'.length).split('/');
    return scopeOrName?.startsWith('@') && name ? `${scopeOrName}/${name}` : (scopeOrName ?? plain);
  }
  return path.isAbsolute(plain) && plain.startsWith(root) ? path.relative(root, plain) : plain;
}

/**
 * Writes dist/bundle-report.json: for every JS chunk, its modules and their rendered sizes, so a
 * page over its JavaScript budget can be told which source made it so (e2e/tests/js-budget.spec.ts).
 * Written to disk after the bundle, so it is neither hashed nor precompressed; the web server
 * would serve it like any file of dist, which tells nothing the scripts themselves do not.
 */
export function bundleReport(): Plugin {
  return {
    name: 'krom:bundle-report',
    apply: 'build',
    async writeBundle(options, bundle) {
      if (!options.dir) return;
      const chunks: BundleReport['chunks'] = {};
      for (const file of Object.values(bundle)) {
        if (file.type !== 'chunk') continue;
        const modules: Record<string, number> = {};
        for (const [id, { renderedLength }] of Object.entries(file.modules)) {
          if (renderedLength === 0) continue;
          const name = reportedModuleId(id);
          modules[name] = (modules[name] ?? 0) + renderedLength;
        }
        chunks[file.fileName] = Object.fromEntries(Object.entries(modules).sort(([, a], [, b]) => b - a));
      }
      const report: BundleReport = { chunks };
      await writeFile(path.join(options.dir, BUNDLE_REPORT_FILE), JSON.stringify(report));
    },
  };
}
