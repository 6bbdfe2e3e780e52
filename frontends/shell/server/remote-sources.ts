import path from 'node:path';
import type { RemotesConfig } from '../src/remotes-config.ts';

/** Where a remote's build comes from: a folder on this machine, or a server holding it (its container). */
export type RemoteSource = { dist: string } | { upstream: string };

/** The path every remote is built for (`base` in its vite.config.ts) and served under. */
export function remoteBase(name: string): string {
  return `/remotes/${name}/`;
}

/**
 * Reads `REMOTES`: comma-separated `name=source`, the source an http(s) URL (the web server
 * proxies /remotes/<name>/ to it) or a folder (served from disk; relative to `relativeTo`).
 */
export function parseRemoteSources(value: string, relativeTo: string): Record<string, RemoteSource> {
  const sources: Record<string, RemoteSource> = {};
  for (const item of value.split(',').map((part) => part.trim()).filter(Boolean)) {
    const match = /^([a-z][a-z0-9-]*)=(.+)$/.exec(item);
    if (!match) throw new Error(`"${item}" is not name=folder or name=http(s)://host`);
    const [, name, source] = match as unknown as [string, string, string];
    if (name in sources) throw new Error(`${name} is given twice`);
    sources[name] = /^https?:\/\//.test(source) ? { upstream: new URL(source).origin } : { dist: path.resolve(relativeTo, source) };
  }
  return sources;
}

/** The body of /remotes.json: each remote's entry on this origin, where the web server serves it. */
export function remotesConfigFor(sources: Record<string, RemoteSource>): RemotesConfig {
  return Object.fromEntries(
    Object.keys(sources).map((name) => [name, { entry: `${remoteBase(name)}assets/remoteEntry.js` }]),
  );
}
