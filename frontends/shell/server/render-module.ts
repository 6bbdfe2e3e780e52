import { statSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { RENDER_MODULE, type RenderModule } from '@krom/ui-kit/build/prerender-manifest.ts';

/**
 * A build's render module (RENDER_MODULE), loaded once and again only when a build rewrites it;
 * undefined while the build has none. Used by the web server for a remote in a folder and by a
 * remote's own server (remote-server.ts, whose image holds this folder and packages/ but not the
 * shell's src/: keep this module's imports to those).
 */
export function renderModuleIn(dist: string): () => Promise<RenderModule> | undefined {
  const file = path.join(dist, RENDER_MODULE);
  let loaded: { version: number; module: Promise<RenderModule> } | undefined;
  return () => {
    const version = statSync(file, { throwIfNoEntry: false })?.mtimeMs;
    if (version === undefined) return undefined;
    if (loaded?.version === version) return loaded.module;
    const module = import(`${pathToFileURL(file).href}?v=${version}`) as Promise<RenderModule>;
    loaded = { version, module };
    // A build still being written may not load: tried again on the next request.
    module.catch(() => {
      if (loaded?.module === module) loaded = undefined;
    });
    return module;
  };
}
