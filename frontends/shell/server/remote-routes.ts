import { REMOTE_ROUTES_FILE } from '@krom/ui-kit/build/publish-routes.ts';
import type { PublishedRemoteRoutes } from '@krom/ui-kit/remote-route.ts';
import { z } from 'zod';
import { followRemoteFile, localFile } from './remote-files.ts';
import type { RemoteSource } from './remote-sources.ts';

const publishedRoutesSchema = z.object({
  name: z.string().min(1),
  module: z.string().regex(/^\.\/[\w./-]+$/, "must be an exposed module such as './routes'"),
  paths: z.array(z.string().startsWith('/')),
});

/** Every remote's routes as the web server knows them now, and a tag that changes whenever they do. */
export type RemoteRoutes = { routes: PublishedRemoteRoutes[]; tag: string };

/**
 * The routes manifest each remote's build published (REMOTE_ROUTES_FILE), read from the remote
 * while the server runs: from disk when its modification time changes, from a remote's own server
 * by `refresh` and every `everyMs` (the ETag makes an unchanged one a 304). So a remote deployed
 * with a new path is routed to on the next page load, and the shell is not built again. A remote
 * without a readable manifest owns no path (its pages show the 404) until it publishes one; one
 * whose server cannot be reached keeps the manifest last read. The name is the one REMOTES gives:
 * the shell loads the remote by it, from /remotes.json.
 */
export function followRemoteRoutes(
  remotes: Record<string, RemoteSource>,
  options: { everyMs: number; onUnreadable?: (name: string, error: unknown) => void },
) {
  const read = (text: string, name: string): PublishedRemoteRoutes => ({ ...publishedRoutesSchema.parse(JSON.parse(text)), name });
  const fetched = followRemoteFile(remotes, REMOTE_ROUTES_FILE, read, options);
  const local = new Map(
    Object.entries(remotes).flatMap(([name, source]) =>
      'dist' in source ? [[name, localFile(source.dist, REMOTE_ROUTES_FILE, (text) => read(text, name), (error) => options.onUnreadable?.(name, error))] as const] : [],
    ),
  );
  const current = (): RemoteRoutes => {
    const known = Object.keys(remotes).map((name) => ({ name, file: local.get(name)?.() ?? fetched.fetched.get(name) }));
    return {
      routes: known.flatMap(({ file }) => (file?.value ? [file.value] : [])),
      tag: known.map(({ name, file }) => `${name}=${file?.tag ?? ''}`).join(':'),
    };
  };
  return {
    current,
    refresh: fetched.refresh,
    stop: fetched.stop,
  };
}
