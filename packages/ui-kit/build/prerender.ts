import { createHash } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { OutputBundle, OutputChunk, RollupOutput } from 'rollup';
import { build, type Plugin, type ResolvedConfig } from 'vite';
import { federationAliases } from './federation-shared.ts';
import { type DataPreload, PRERENDER_MANIFEST, type PrerenderManifest, RENDER_MODULE, type RenderModule } from './prerender-manifest.ts';

export type PrerenderOptions = {
  /** Module (relative to the frontend's root) exporting `render(url, options: RenderOptions): Promise<RenderedPage>` (RenderModule). */
  entry: string;
  /**
   * Each page: its path, the source modules (relative to root) whose chunks it needs, and the API
   * calls it makes first. `static`: the page works as HTML alone and is served without the app,
   * with only `script` (a build input, relative to root), or none. `variants`: names of settings the page is
   * also rendered for, one of which the web server picks when it runs (see PrerenderedPage).
   * `onRequest`: the web server renders it again on each request with the answers to `data` (its
   * path may then be a pattern such as `/ride-preview/:id`). `appOnDemand`: the page works as HTML
   * until a control is used, and a visitor without a session gets it without the app
   * (PrerenderedPage.appOnDemand).
   */
  pages: {
    path: string;
    modules: string[];
    data?: DataPreload[];
    static?: { script?: string };
    variants?: string[];
    onRequest?: boolean;
    appOnDemand?: boolean;
  }[];
  /** Extra chunk groups to record, by name: source modules relative to root. */
  groups?: Record<string, string[]>;
  /** Small scripts to build alone into one file each (relative to root), recorded by name in the manifest's `scripts`. */
  scripts?: Record<string, string>;
};

export type { RenderOptions } from './prerender-manifest.ts';

const SHARED_CHUNK = /^__federation_shared_(.+)$/;
/**
 * The import of the federation runtime's importShared, its one export: a remote's build keeps its
 * name (`import{importShared as t}from"./__federation_fn_import-….js"`), a host's minifies it
 * (`import{i as r}from"./_virtual___federation_fn_import-….js"`).
 */
const IMPORT_SHARED_AS = /import\{([\w$]+)(?: as ([\w$]+))?\}from"[^"]*__federation_fn_import-[^"]*"/;

/**
 * The specifiers a minified chunk passes to the federation runtime's importShared (under its
 * minified name). A nested function may reuse that name for something else: the web server only
 * acts on names the host shares, so a stray string is ignored there.
 */
function sharedImports(chunk: OutputChunk): string[] {
  const found = IMPORT_SHARED_AS.exec(chunk.code);
  const alias = found?.[2] ?? found?.[1];
  if (!alias) return [];
  const call = new RegExp(`(?<![\\w$.])${alias.replace(/\$/g, '\\$')}\\("([^"]+)"\\)`, 'g');
  return [...chunk.code.matchAll(call)].map((match) => match[1] as string);
}

/** The chunk built from `module` (its own chunk, or the one it was merged into). */
function chunkOf(bundle: OutputBundle, module: string): OutputChunk {
  const chunks = Object.values(bundle).filter((file): file is OutputChunk => file.type === 'chunk');
  const found = chunks.find((chunk) => chunk.facadeModuleId === module) ?? chunks.find((chunk) => chunk.moduleIds.includes(module));
  if (!found) throw new Error(`prerender: no chunk holds ${module}`);
  return found;
}

/**
 * `start` and every chunk it imports statically, depth first. A page's graph skips the build's own
 * fallback copies of shared modules (the host's are used); a shared module's graph keeps the shared
 * modules it imports directly (a UI kit module imports the kit modules it uses as plain chunks).
 */
function staticGraph(bundle: OutputBundle, start: OutputChunk[], { intoShared = false } = {}): OutputChunk[] {
  const seen = new Map<string, OutputChunk>();
  const visit = (chunk: OutputChunk) => {
    if (seen.has(chunk.fileName)) return;
    seen.set(chunk.fileName, chunk);
    for (const file of chunk.imports) {
      const imported = bundle[file];
      if (imported?.type === 'chunk' && (intoShared || !SHARED_CHUNK.test(imported.name))) visit(imported);
    }
  };
  for (const chunk of start) visit(chunk);
  return [...seen.values()];
}

/**
 * Every chunk that loading these shared modules fetches: each one's static graph and, in turn,
 * the shared modules those chunks take through importShared (a top-level await each, so one not
 * preloaded would be fetched only when the chunk before it has run: a round trip more).
 */
function sharedGraph(bundle: OutputBundle, specifiers: Iterable<string>): OutputChunk[] {
  const byName = new Map<string, OutputChunk>();
  for (const file of Object.values(bundle)) {
    const shared = file.type === 'chunk' ? SHARED_CHUNK.exec(file.name)?.[1] : undefined;
    if (file.type === 'chunk' && shared) byName.set(shared, file);
  }
  const chunks = new Map<string, OutputChunk>();
  const wanted = [...specifiers];
  const visited = new Set<string>();
  for (let specifier = wanted.pop(); specifier !== undefined; specifier = wanted.pop()) {
    const start = byName.get(specifier);
    if (visited.has(specifier) || !start) continue;
    visited.add(specifier);
    for (const chunk of staticGraph(bundle, [start], { intoShared: true })) {
      chunks.set(chunk.fileName, chunk);
      wanted.push(...sharedImports(chunk));
    }
  }
  return [...chunks.values()];
}

/**
 * A static page's own script, bundled alone into one file by a second Vite build. In the app's
 * build Rollup would give each module it shares with the app (a constant, a helper) a chunk of
 * its own: a request each, for a few bytes, before the script can run.
 */
async function buildAlone(config: ResolvedConfig, script: string): Promise<string> {
  const result = (await build({
    configFile: false,
    root: config.root,
    logLevel: 'error',
    resolve: { alias: federationAliases() },
    build: { write: false, minify: true, target: 'esnext', modulePreload: false, copyPublicDir: false, rollupOptions: { input: path.resolve(config.root, script) } },
  })) as RollupOutput | RollupOutput[];
  const chunks = (Array.isArray(result) ? result : [result]).flatMap((output) => output.output).filter((file): file is OutputChunk => file.type === 'chunk');
  if (chunks.length !== 1 || !chunks[0]) throw new Error(`prerender: ${script} did not build into one file (${chunks.map((chunk) => chunk.fileName).join(', ')})`);
  return chunks[0].code;
}

/**
 * Renders the frontend's public pages to HTML when it is built (react-dom/server with
 * styled-components' ServerStyleSheet, through Vite's SSR loader so the same aliases and TSX
 * apply), and records the chunks each page needs, so the first response already shows the page and
 * the browser fetches its scripts in parallel instead of discovering them one import at a time.
 */
export function prerenderPages(options: PrerenderOptions): Plugin {
  let config: ResolvedConfig;
  const manifest: PrerenderManifest = { pages: {}, sharedChunks: {}, groups: {} };
  const url = (fileName: string) => `${config.base}${fileName}`;
  const absolute = (module: string) => path.resolve(config.root, module);
  return {
    name: 'krom:prerender',
    apply: 'build',
    enforce: 'post',
    configResolved(resolved) {
      config = resolved;
    },
    async generateBundle(_options, bundle) {
      for (const file of Object.values(bundle)) {
        const shared = file.type === 'chunk' ? SHARED_CHUNK.exec(file.name) : null;
        if (file.type === 'chunk' && shared?.[1]) {
          manifest.sharedChunks[shared[1]] = sharedGraph(bundle, [shared[1]]).map((chunk) => url(chunk.fileName));
        }
      }
      for (const [name, modules] of Object.entries(options.groups ?? {})) {
        // A group's chunks and the shared modules they import, which this build (the host) provides.
        const chunks = staticGraph(bundle, modules.map((module) => chunkOf(bundle, absolute(module))));
        const shared = sharedGraph(bundle, new Set(chunks.flatMap(sharedImports)));
        manifest.groups[name] = [...new Set([...chunks, ...shared].map((chunk) => url(chunk.fileName)))];
      }
      for (const page of options.pages) {
        const chunks = staticGraph(bundle, page.modules.map((module) => chunkOf(bundle, absolute(module))));
        const shared = new Set(chunks.flatMap(sharedImports));
        manifest.pages[page.path] = {
          html: '',
          styles: '',
          preload: chunks.map((chunk) => url(chunk.fileName)),
          shared: [...shared],
          ...(page.data ? { data: page.data } : {}),
          ...(page.onRequest ? { onRequest: true } : {}),
          ...(page.appOnDemand ? { appOnDemand: true } : {}),
        };
      }
      const emitAlone = async (script: string): Promise<string> => {
        const code = await buildAlone(config, script);
        const name = path.basename(script).replace(/\.[^.]+$/, '');
        const fileName = `${config.build.assetsDir}/${name}-${createHash('sha256').update(code).digest('base64url').slice(0, 8)}.js`;
        this.emitFile({ type: 'asset', fileName, source: code });
        return url(fileName);
      };
      for (const page of options.pages) {
        const entry = manifest.pages[page.path];
        if (!page.static || !entry) continue;
        entry.static = { scripts: page.static.script ? [await emitAlone(page.static.script)] : [] };
      }
      for (const [name, script] of Object.entries(options.scripts ?? {})) manifest.scripts = { ...manifest.scripts, [name]: await emitAlone(script) };
    },
    async closeBundle() {
      const outDir = path.resolve(config.root, config.build.outDir);
      const { render } = await buildRenderModule(config.root, absolute(options.entry), outDir);
      for (const page of options.pages) {
        const entry = manifest.pages[page.path];
        if (!entry) continue;
        const isStatic = page.static !== undefined;
        const { html, styles } = await render(page.path, { static: isStatic });
        Object.assign(entry, { html, styles });
        for (const variant of page.variants ?? []) {
          const rendered = await render(page.path, { static: isStatic, variant });
          entry.variants = { ...entry.variants, [variant]: { html: rendered.html, styles: rendered.styles } };
        }
      }
      await writeFile(path.resolve(config.root, config.build.outDir, PRERENDER_MANIFEST), JSON.stringify(manifest));
    },
  };
}

/**
 * The render entry built for Node (Vite's SSR build, with the aliases the browser build uses,
 * everything bundled into one file) as dist/server/render.js: the build renders its prerendered
 * pages with it, and the web server renders pages on request with the same file, loaded once
 * (RENDER_MODULE re-exports the content-named entry).
 * Everything is bundled (React, the router, styled-components…), so the module needs no
 * node_modules beside it and its React is the one its screens use; lazy parts stay chunks of
 * their own (dist/server/chunks/), loaded only if a render reaches them.
 */
async function buildRenderModule(root: string, entry: string, outDir: string): Promise<RenderModule> {
  const serverDir = path.join(outDir, path.dirname(RENDER_MODULE));
  const output = await build({
    configFile: false,
    root,
    logLevel: 'error',
    resolve: { alias: federationAliases() },
    esbuild: { jsx: 'automatic' },
    // React's production build, whatever NODE_ENV the server runs with: the development one is
    // slower per render and would be bundled beside it.
    define: { 'process.env.NODE_ENV': JSON.stringify('production') },
    ssr: { noExternal: true, target: 'node' },
    build: {
      ssr: entry,
      outDir: serverDir,
      emptyOutDir: true,
      target: 'node20',
      minify: false,
      copyPublicDir: false,
      rollupOptions: { output: { entryFileNames: 'render-[hash].js', chunkFileNames: 'chunks/[name]-[hash].js', format: 'es' } },
    },
  });
  const chunks = (Array.isArray(output) ? output : [output]).flatMap((result) => ('output' in result ? result.output : []));
  const main = chunks.find((chunk) => chunk.type === 'chunk' && chunk.isEntry);
  if (!main) throw new Error(`prerender: the server build of ${entry} wrote no entry`);
  // A stable name for the web server; the file it points to is named by its content, so a newer
  // build is a new module to Node, one instance shared with its lazy chunks.
  await writeFile(path.join(outDir, RENDER_MODULE), `export * from './${main.fileName}';\n`);
  return (await importNatively(pathToFileURL(path.join(serverDir, main.fileName)).href)) as RenderModule;
}

/**
 * Node's own import(): this file is loaded through Vite's config loader (`--configLoader runner`),
 * which rewrites a plain import() into its module runner, closed by the time the bundle is written.
 */
const importNatively = new Function('url', 'return import(url)') as (url: string) => Promise<unknown>;
