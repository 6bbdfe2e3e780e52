import { createHash } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { type RemoteSource, remoteBase } from './remote-sources.ts';

/** One file of each remote behind its own server, as last fetched and read, and a tag that changes with its content. */
export type FetchedFiles<T> = Map<string, { value: T; tag: string }>;

/**
 * Keeps one file of every remote behind its own server (its container) as that server serves it
 * now: fetched by `refresh` (once before the web server answers) and every `everyMs`, so a
 * redeployed remote's file is picked up without a restart. Asked with the ETag of the last answer,
 * so an unchanged file costs a 304. A remote that cannot be reached, or answers something `read`
 * refuses, keeps the file last fetched; one never fetched, or whose build has none (404), has none.
 */
export function followRemoteFile<T>(
  remotes: Record<string, RemoteSource>,
  file: string,
  read: (text: string, name: string) => T,
  options: { everyMs: number; onUnreadable?: (name: string, error: unknown) => void },
) {
  const fetched: FetchedFiles<T> = new Map();
  const etags = new Map<string, string>();
  const upstreams = Object.entries(remotes).flatMap(([name, source]) => ('upstream' in source ? [{ name, url: `${source.upstream}${remoteBase(name)}${file}` }] : []));
  const stopped = new AbortController();
  const fetchAll = async () => {
    await Promise.all(
      upstreams.map(async ({ name, url }) => {
        const etag = etags.get(name);
        let response: Response;
        try {
          // `max-age=0`, or fetch would send `no-cache` with a conditional request, and the server would ignore the ETag.
          const conditional: Record<string, string> = etag && fetched.has(name) ? { 'if-none-match': etag, 'cache-control': 'max-age=0' } : {};
          response = await fetch(url, { signal: AbortSignal.any([AbortSignal.timeout(5000), stopped.signal]), headers: conditional });
        } catch {
          return; // Unreachable for now: the last file stands until it answers again.
        }
        if (!response.ok) {
          // Released, so the connection can serve the next request (or close with the server).
          await response.body?.cancel().catch(() => {});
          if (response.status !== 404) return; // 304 (unchanged) or a failure: the last file stands.
          etags.delete(name);
          return void fetched.delete(name);
        }
        try {
          const text = await response.text();
          const tag = createHash('sha256').update(text).digest('base64url');
          if (fetched.get(name)?.tag !== tag) fetched.set(name, { value: read(text, name), tag });
          const received = response.headers.get('etag');
          if (received) etags.set(name, received);
          else etags.delete(name);
        } catch (error) {
          options.onUnreadable?.(name, error);
        }
      }),
    );
  };
  const inFlight = new Set<Promise<void>>();
  const refresh = (): Promise<void> => {
    if (stopped.signal.aborted) return Promise.resolve();
    const run = fetchAll().finally(() => inFlight.delete(run));
    inFlight.add(run);
    return run;
  };
  const timer = upstreams.length > 0 ? setInterval(() => void refresh(), options.everyMs).unref() : undefined;
  /** Ends the polling: requests under way are cut off, and over once it resolves. */
  const stop = async () => {
    clearInterval(timer);
    stopped.abort();
    await Promise.all(inFlight);
  };
  return { fetched, refresh, stop };
}

/**
 * One file of a build on this machine, read again when its modification time changes (a watch
 * build, a deploy that replaces the folder). `undefined` while it is absent or `read` refuses it.
 */
export function localFile<T>(dist: string, file: string, read: (text: string) => T, onUnreadable?: (error: unknown) => void) {
  const fullPath = path.join(dist, file);
  let last: { mtimeMs: number; value: T | undefined } | undefined;
  return (): { value: T | undefined; tag: string } => {
    const mtimeMs = statSync(fullPath, { throwIfNoEntry: false })?.mtimeMs ?? 0;
    if (last?.mtimeMs !== mtimeMs) {
      let value: T | undefined;
      try {
        value = mtimeMs === 0 ? undefined : read(readFileSync(fullPath, 'utf8'));
      } catch (error) {
        onUnreadable?.(error);
      }
      last = { mtimeMs, value };
    }
    return { value: last.value, tag: String(mtimeMs) };
  };
}
