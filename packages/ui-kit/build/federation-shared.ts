import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const kitRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const repoRoot = path.resolve(kitRoot, '../..');

/**
 * Libraries that must exist once per page: React state, router context, the query cache,
 * the jotai store and styled-components' theme/stylesheet all break when a remote brings its
 * own copy. Nothing else is shared: a shared module is built whole (no tree-shaking), so
 * sharing zod, say, would cost every page far more than each frontend's own trimmed copy.
 */
const sharedPackages = ['react', 'react-dom', 'react-router-dom', '@tanstack/react-query', 'jotai', 'styled-components'];

type SharedConfig = { version: string; requiredVersion: string; modulePreload: boolean };

function installedVersion(pkg: string): string {
  const manifest = JSON.parse(readFileSync(path.join(repoRoot, 'node_modules', pkg, 'package.json'), 'utf8'));
  return String(manifest.version);
}

/**
 * Every UI kit module, keyed by the exact specifier frontends import (the federation plugin
 * matches import sources literally). Sharing them keeps one toast store and one theme for the
 * host and all remotes.
 */
function uiKitModules(): string[] {
  const srcDir = path.join(kitRoot, 'src');
  return readdirSync(srcDir)
    .filter((file) => /\.tsx?$/.test(file) && !/\.(test|d)\.tsx?$/.test(file))
    .filter((file) => hasRuntimeExports(readFileSync(path.join(srcDir, file), 'utf8')))
    .map((file) => `@krom/ui-kit/${file}`);
}

/** Type-only modules vanish at build time; sharing one would only produce an empty chunk. */
function hasRuntimeExports(source: string): boolean {
  return /^export (const|let|function|async function|class)\b/m.test(source);
}

const shellSrc = path.join(repoRoot, 'frontends/shell/src');
const kitImport = /from '(?:@krom\/ui-kit\/|\.\/)([\w-]+\.tsx?)'/g;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === '__tests__' ? [] : sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/**
 * The UI kit modules the shell's own code needs, with what they import in turn. Only these are
 * preloaded with the host page: the rest (the signed-in frame, upload control, admin tables)
 * load with the remote screen that uses them, so the landing page does not download them.
 */
function kitModulesTheShellUses(): Set<string> {
  const wanted = new Set<string>();
  const visit = (source: string, fromKit: boolean) => {
    for (const match of source.matchAll(kitImport)) {
      const file = match[1] as string;
      if (!fromKit && !match[0].includes('@krom/ui-kit/')) continue;
      if (wanted.has(file)) continue;
      wanted.add(file);
      visit(readFileSync(path.join(kitRoot, 'src', file), 'utf8'), true);
    }
  };
  for (const file of sourceFiles(shellSrc)) visit(readFileSync(file, 'utf8'), false);
  return new Set([...wanted].map((file) => `@krom/ui-kit/${file}`));
}

/**
 * The `shared` option of @originjs/vite-plugin-federation for the host (`role: 'host'`) or a
 * remote. Versions are given explicitly because the plugin cannot read them through every
 * package's exports map, nor for a workspace package's subpaths.
 *
 * `requiredVersion` is `^` the version this build was made with: a remote takes the host's copy
 * only when it satisfies that range, else the plugin logs "provider support … is not satisfied"
 * and the remote runs its own bundled copy. So a remote built against UI kit 0.3.0 never runs on
 * a host's 0.2.x (for 0.x, `^` also refuses a newer minor). Bump the kit's version with any
 * change a remote could depend on.
 */
export function federationShared(role: 'host' | 'remote'): Record<string, SharedConfig> {
  const shared: Record<string, SharedConfig> = {};
  for (const pkg of sharedPackages) {
    const version = installedVersion(pkg);
    shared[pkg] = { version, requiredVersion: `^${version}`, modulePreload: role === 'host' };
  }
  const kitVersion = JSON.parse(readFileSync(path.join(kitRoot, 'package.json'), 'utf8')).version;
  const preloaded = role === 'host' ? kitModulesTheShellUses() : new Set<string>();
  for (const specifier of uiKitModules()) {
    shared[specifier] = {
      version: String(kitVersion),
      requiredVersion: `^${kitVersion}`,
      modulePreload: preloaded.has(specifier),
    };
  }
  return shared;
}

/**
 * `resolve.alias` for every frontend build: the bare 'react-router-dom' import becomes the
 * trimmed router module that is shared as the singleton (see shared-router.ts).
 */
export function federationAliases() {
  return [{ find: /^react-router-dom$/, replacement: path.join(kitRoot, 'build/shared-router.ts') }];
}
