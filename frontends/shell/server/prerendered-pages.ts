import { createHash } from 'node:crypto';
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import {
  type DataPreload,
  PRELOAD_TEMPLATE_ATTRIBUTE,
  PRERENDER_MANIFEST,
  type PrerenderedPage,
  type PrerenderManifest,
} from '@krom/ui-kit/build/prerender-manifest.ts';
import { withLaunchSetting } from '../src/launch-setting.ts';
import type { RemotesConfig } from '../src/remotes-config.ts';
import { REMOTES_CONFIG_PATH } from '../src/remotes-config.ts';
import { type RemoteSource, remoteBase } from './remote-sources.ts';

/** One page's full HTML, compressed once when the server starts, and the API calls it makes first. */
export type ComposedPage = { html: Buffer; br: Buffer; gzip: Buffer; data: DataPreload[] };

/** index.html marks the part of #root a prerendered page replaces (its loading state). */
const ROOT_CONTENT = /<div id="root"><!--page-->[\s\S]*?<!--\/page--><\/div>/;

function readManifest(dist: string): PrerenderManifest | undefined {
  const file = path.join(dist, PRERENDER_MANIFEST);
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as PrerenderManifest) : undefined;
}

/** A modulepreload Vite wrote into index.html for the entry script. */
const VITE_MODULE_PRELOAD = /\s*<link rel="modulepreload" crossorigin href="([^"]+)">/g;

/**
 * The shell's index.html with a page's prerendered markup in #root, its styles in the head and a
 * modulepreload for every script it will import, so the browser paints the page from the first
 * response and then fetches its scripts in parallel, not one import at a time.
 *
 * Only the entry script and what it imports (`entry`) are requested with the HTML. The other
 * preloads, index.html's own and the page's, wait in a <template>, which the browser does not act
 * on, until the entry script (main.ts) moves them into the head: the page needs no script to be
 * painted, and scripts that arrive before that paint compete with it (and count as holding it
 * back in Lighthouse's estimate of a slow phone, which includes every request that ended before it).
 */
function compose(indexHtml: string, page: PrerenderedPage, entry: string[], preload: string[], fetches: string[]): ComposedPage {
  const named = new Set([...indexHtml.matchAll(/<script[^>]*\ssrc="([^"]+)"/g)].map((match) => match[1]));
  const eager = new Set(entry.filter((url) => !named.has(url)));
  const later = new Set([...indexHtml.matchAll(VITE_MODULE_PRELOAD)].map((match) => match[1] as string).concat(preload));
  const modulePreload = (url: string) => `<link rel="modulepreload" crossorigin href="${url}">`;
  const deferred = [
    ...fetches.map((url) => `<link rel="preload" href="${url}" as="fetch" crossorigin>`),
    ...[...later].filter((url) => !eager.has(url) && !named.has(url)).map(modulePreload),
  ];
  const head = [page.styles, ...[...eager].map(modulePreload), `<template ${PRELOAD_TEMPLATE_ATTRIBUTE}>`, ...deferred, '</template>'];
  const html = indexHtml
    .replace(VITE_MODULE_PRELOAD, '')
    .replace('</head>', `${head.join('\n')}\n</head>`)
    .replace(ROOT_CONTENT, () => `<div id="root" data-prerendered>${page.html}</div>`);
  const source = Buffer.from(html);
  return {
    html: source,
    br: brotliCompressSync(source, { params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY } }),
    gzip: gzipSync(source, { level: constants.Z_BEST_COMPRESSION }),
    data: page.data ?? [],
  };
}

type Sources = {
  shellDist: string;
  remotes: Record<string, RemoteSource>;
  remotesConfig: RemotesConfig;
  /** The manifests of remotes behind their own servers, as last fetched (`followRemoteManifests`). */
  fetched?: FetchedManifests;
  /** Every page carries the pre-launch setting (src/launch-setting.ts). */
  preLaunch?: boolean;
};

/** Each remote behind its own server: its prerendered.json as last fetched, and a tag that changes with it. */
export type FetchedManifests = Map<string, { manifest: PrerenderManifest; tag: string }>;

/**
 * Keeps the prerendered.json of every remote behind its own server (its container) as that server
 * serves it now: fetched by `refresh` (once before the web server answers) and every `everyMs`,
 * so a redeployed remote's pages are composed from its new build. A remote that cannot be reached
 * keeps the manifest last fetched; one never fetched, or whose build has none (404), has its
 * pages answered with index.html, as before.
 */
export function followRemoteManifests(remotes: Record<string, RemoteSource>, options: { everyMs: number }) {
  const fetched: FetchedManifests = new Map();
  const upstreams = Object.entries(remotes).flatMap(([name, source]) => ('upstream' in source ? [{ name, url: `${source.upstream}${remoteBase(name)}${PRERENDER_MANIFEST}` }] : []));
  const refresh = async () => {
    await Promise.all(
      upstreams.map(async ({ name, url }) => {
        try {
          const response = await fetch(url, { signal: AbortSignal.timeout(5000) });
          if (response.status === 404) return void fetched.delete(name);
          if (!response.ok) return;
          const text = await response.text();
          const tag = createHash('sha256').update(text).digest('base64url');
          if (fetched.get(name)?.tag !== tag) fetched.set(name, { manifest: JSON.parse(text) as PrerenderManifest, tag });
        } catch {
          // Unreachable or unreadable for now: the last manifest stands until it answers again.
        }
      }),
    );
  };
  const timer = upstreams.length > 0 ? setInterval(() => void refresh(), options.everyMs).unref() : undefined;
  return { fetched, refresh, stop: () => clearInterval(timer) };
}

/**
 * The prerendered page for a path, if the builds have one. Composed again whenever index.html or
 * a prerendered.json changes (a watch build during development), so a page never names scripts
 * a newer build has deleted.
 */
export function prerenderedPages(sources: Sources): (pathname: string) => ComposedPage | undefined {
  const files = [
    path.join(sources.shellDist, 'index.html'),
    path.join(sources.shellDist, PRERENDER_MANIFEST),
    ...Object.values(sources.remotes).flatMap((source) => ('dist' in source ? [path.join(source.dist, PRERENDER_MANIFEST)] : [])),
  ];
  let composed: { version: string; pages: Map<string, ComposedPage> } | undefined;
  return (pathname) => {
    const fetchedTags = [...(sources.fetched ?? [])].map(([name, { tag }]) => `${name}=${tag}`);
    const version = [...files.map((file) => statSync(file, { throwIfNoEntry: false })?.mtimeMs ?? 0), ...fetchedTags].join(':');
    if (composed?.version !== version) composed = { version, pages: composePrerenderedPages(sources) };
    return composed.pages.get(pathname);
  };
}

/**
 * Every prerendered page, by path: the shell's own (the landing) and those of each remote served
 * from a folder on this machine. A remote's page also preloads the host's remote loader, the
 * remote's entry, /remotes.json and the host's copies of the shared modules it imports. A remote
 * behind its own server contributes the manifest last fetched from it; a build without prerendered
 * pages is served as before: index.html.
 */
export function composePrerenderedPages(options: Sources): Map<string, ComposedPage> {
  const pages = new Map<string, ComposedPage>();
  const indexFile = path.join(options.shellDist, 'index.html');
  if (!existsSync(indexFile)) return pages;
  const indexHtml = withLaunchSetting(readFileSync(indexFile, 'utf8'), options.preLaunch ?? false);
  if (!ROOT_CONTENT.test(indexHtml)) return pages;
  const shell = readManifest(options.shellDist);
  const entryChunks = shell?.groups.entry ?? [];
  for (const [pathname, page] of Object.entries(shell?.pages ?? {})) pages.set(pathname, compose(indexHtml, page, entryChunks, page.preload, []));
  for (const [name, source] of Object.entries(options.remotes)) {
    const entry = options.remotesConfig[name]?.entry;
    const remote = 'dist' in source ? readManifest(source.dist) : options.fetched?.get(name)?.manifest;
    if (!remote || !entry) continue;
    for (const [pathname, page] of Object.entries(remote.pages)) {
      const hostShared = page.shared.flatMap((specifier) => shell?.sharedChunks[specifier] ?? []);
      const preload = [...(shell?.groups.remoteLoader ?? []), entry, ...page.preload, ...hostShared];
      pages.set(pathname, compose(indexHtml, page, entryChunks, preload, [REMOTES_CONFIG_PATH]));
    }
  }
  return pages;
}
