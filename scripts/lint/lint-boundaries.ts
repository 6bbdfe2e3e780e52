import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { repoRoot } from '../lib/infra.ts';
import { boundaryViolations, type Workspace } from './import-boundaries.ts';

/**
 * `npm run lint` (after biome): fails on any import that crosses a boundary of the monorepo
 * (import-boundaries.ts says which), listing each with its file and why. The crossings that
 * predate a rule and are too large to fix with it are listed in boundary-debt.txt
 * (`file<TAB>specifier`): they are let through, and an entry no longer found fails the lint too, so
 * the list can only shrink.
 */

/** The workspace packages by name, from the root package.json's `workspaces`. */
function readWorkspaces(): Map<string, Workspace> {
  const root = JSON.parse(readFileSync(path.join(repoRoot, 'package.json'), 'utf8')) as { workspaces: string[] };
  const folders = root.workspaces.flatMap((pattern) =>
    pattern.endsWith('/*') ? readdirSync(path.join(repoRoot, pattern.slice(0, -2))).map((name) => `${pattern.slice(0, -2)}/${name}`) : [pattern],
  );
  const workspaces = new Map<string, Workspace>();
  for (const folder of folders) {
    const manifest = path.join(repoRoot, folder, 'package.json');
    if (!existsSync(manifest)) continue;
    const { name, exports } = JSON.parse(readFileSync(manifest, 'utf8')) as { name: string; exports?: string | Record<string, unknown> };
    // `exports` may be one target or conditions for the root alone, both meaning the subpath `.`.
    const keys = exports === undefined ? [] : typeof exports === 'string' ? ['.'] : Object.keys(exports);
    workspaces.set(name, { folder, exports: keys.some((key) => key.startsWith('.')) ? keys : keys.length > 0 ? ['.'] : [] });
  }
  return workspaces;
}

const listed = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', '-z'], { cwd: repoRoot, encoding: 'utf8' });
const files = new Map<string, string>();
for (const file of listed.split('\0')) {
  if (!/\.(ts|tsx|mts|cts|js|jsx|mjs|cjs)$/.test(file) || file.includes('node_modules/') || !existsSync(path.join(repoRoot, file))) continue;
  files.set(file, readFileSync(path.join(repoRoot, file), 'utf8'));
}
const debt = new Set(
  readFileSync(path.join(repoRoot, 'scripts/lint/boundary-debt.txt'), 'utf8')
    .split('\n')
    .filter((line) => line !== '' && !line.startsWith('#')),
);
const found = boundaryViolations(files, readWorkspaces());
const violations = found.filter(({ file, specifier }) => !debt.has(`${file}\t${specifier}`));
const paid = [...debt].filter((entry) => !found.some(({ file, specifier }) => `${file}\t${specifier}` === entry));
for (const entry of paid) console.error(`scripts/lint/boundary-debt.txt: '${entry.replace('\t', "' imports '")}' no longer crosses a boundary; remove the entry.`);
if (paid.length > 0) process.exitCode = 1;
for (const { file, specifier, reason } of violations) console.error(`${file}: import '${specifier}': ${reason}`);
if (violations.length > 0) {
  console.error(`\n${violations.length} import${violations.length === 1 ? '' : 's'} across a boundary (scripts/lint/import-boundaries.ts).`);
  process.exitCode = 1;
} else if (paid.length === 0) {
  console.log(`Import boundaries: ${files.size} files checked, none crossed beyond the ${debt.size} listed in boundary-debt.txt.`);
}
