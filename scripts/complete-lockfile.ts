import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * This machine's npm registry serves only the Linux x64 builds of packages that ship one
 * binary per platform (biome, rollup, turbo…), so `npm install` here leaves the other
 * platforms' optional packages out of package-lock.json and `npm ci` then calls the lockfile
 * incomplete. This adds each missing optional platform package with the os/cpu/libc its name
 * states, so npm ci skips it as not for this platform, exactly as a complete lockfile would.
 * Run after `npm install`: `npm run lockfile:complete`.
 */
type Entry = { version?: string; optional?: boolean; os?: string[]; cpu?: string[]; libc?: string[]; optionalDependencies?: Record<string, string> };
const file = join(new URL('..', import.meta.url).pathname, 'package-lock.json');
const lock = JSON.parse(readFileSync(file, 'utf8')) as { packages: Record<string, Entry> };

const OS: Record<string, string> = { android: 'android', darwin: 'darwin', linux: 'linux', win32: 'win32', windows: 'win32', freebsd: 'freebsd', openbsd: 'openbsd', netbsd: 'netbsd', openharmony: 'openharmony', sunos: 'sunos', aix: 'aix' };
const CPU: Record<string, string> = { arm64: 'arm64', x64: 'x64', '64': 'x64', arm: 'arm', ia32: 'ia32', loong64: 'loong64', ppc64: 'ppc64', riscv64: 'riscv64', s390x: 's390x', mips64el: 'mips64el' };

/** os, cpu and libc from a name like @rollup/rollup-linux-arm64-musl or @turbo/windows-64. */
function platformOf(name: string): Pick<Entry, 'os' | 'cpu' | 'libc'> | undefined {
  const parts = name.split('/').pop()!.split('-');
  const os = parts.map((p) => OS[p]).find(Boolean);
  const cpu = parts.map((p) => CPU[p]).find(Boolean) ?? (parts.some((p) => p.startsWith('arm')) ? 'arm' : undefined);
  if (!os || !cpu) return undefined;
  const libc = os === 'linux' ? (parts.some((p) => p.startsWith('musl')) ? 'musl' : 'glibc') : undefined;
  return { os: [os], cpu: [cpu], ...(libc ? { libc: [libc] } : {}) };
}

let added = 0;
for (const [path, entry] of Object.entries(lock.packages)) {
  for (const [name, range] of Object.entries(entry.optionalDependencies ?? {})) {
    const base = path ? `${path}/node_modules/` : 'node_modules/';
    const candidates = [`${base}${name}`, `node_modules/${name}`];
    if (candidates.some((c) => lock.packages[c])) continue;
    const platform = platformOf(name);
    if (!platform) continue;
    lock.packages[`node_modules/${name}`] = { version: range.replace(/^[\^~=]/, ''), optional: true, ...platform };
    added += 1;
  }
}
lock.packages = Object.fromEntries(Object.entries(lock.packages).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a.localeCompare(b))));
writeFileSync(file, `${JSON.stringify(lock, null, 2)}\n`);
console.log(`package-lock.json: ${added} optional platform package(s) added`);
