import type { RemoteRouteModule } from '@krom/ui-kit/remote-route.ts';
import { __federation_method_getRemote, __federation_method_setRemote } from 'virtual:__federation__';
import { parseRemotesConfig, REMOTES_CONFIG_PATH, type RemotesConfig } from '../remotes-config.ts';

let config: Promise<RemotesConfig> | undefined;

/** /remotes.json, fetched on the first visit to a remote's page; a failed fetch is retried next time. */
function remotesConfig(): Promise<RemotesConfig> {
  if (!config) {
    config = fetch(REMOTES_CONFIG_PATH, { headers: { accept: 'application/json' } }).then(async (response) => {
      if (!response.ok) throw new Error(`${REMOTES_CONFIG_PATH} answered ${response.status}.`);
      return parseRemotesConfig(await response.json());
    });
    config.catch(() => {
      config = undefined;
    });
  }
  return config;
}

const registered = new Set<string>();

/**
 * The route module a remote exposes (`module`, its './routes'), from the entry URL the web
 * server's configuration gives for it. Imported lazily (remotes.ts), so the federation runtime
 * is not part of the landing page.
 */
export async function loadRemoteRoutes(name: string, module: string): Promise<RemoteRouteModule> {
  const remote = (await remotesConfig())[name];
  if (!remote) throw new Error(`${REMOTES_CONFIG_PATH} gives no entry URL for the ${name} frontend.`);
  if (!registered.has(name)) {
    // Replaces the placeholder vite.config.ts declares for this name; the runtime keeps the
    // loaded container under it, so this happens once per page.
    __federation_method_setRemote(name, { url: remote.entry, format: 'esm', from: 'vite' });
    registered.add(name);
  }
  const exposed = (await __federation_method_getRemote(name, module)) as Partial<RemoteRouteModule>;
  if (!Array.isArray(exposed.routes)) throw new Error(`The ${name} frontend exposes no routes in ${module}.`);
  return { routes: exposed.routes };
}
