import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import {
  type DataPreload,
  liveControls,
  PRELOAD_TEMPLATE_ATTRIBUTE,
  PRERENDER_MANIFEST,
  type PrerenderedPage,
  type PrerenderManifest,
} from '@krom/ui-kit/build/prerender-manifest.ts';
import type { PublishedRemoteRoutes } from '@krom/ui-kit/remote-route.ts';
import { withLaunchSetting } from '../src/launch-setting.ts';
import { withRemoteRoutes } from '../src/remote-routes-element.ts';
import type { RemotesConfig } from '../src/remotes-config.ts';
import { REMOTES_CONFIG_PATH } from '../src/remotes-config.ts';
import { type FetchedFiles, followRemoteFile } from './remote-files.ts';
import { matchPagePattern, type OnRequestSource } from './render-on-request.ts';
import type { RemoteRoutes } from './remote-routes.ts';
import type { RemoteSource } from './remote-sources.ts';
import { inLaunchSetting, staticPageHtml } from './static-pages.ts';

/**
 * One page's full HTML, compressed once when the server starts, and the API calls it makes first;
 * for a page rendered on each request, what to render it with (render-on-request.ts).
 */
/** `text` is `html` as a string, kept for pages rendered on request, which fill it in per request. */
export type ComposedPage = {
  html: Buffer;
  text: string;
  br: Buffer;
  gzip: Buffer;
  data: DataPreload[];
  onRequest?: OnRequestSource;
  /** The page with the app on demand (PrerenderedPage.appOnDemand), for a visitor without a session. */
  onDemand?: Omit<ComposedPage, 'onDemand'>;
};

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
 * preloads wait in a <template>, which the browser does not act on, until the entry script
 * (main.ts) moves them into the head: the page needs no script to be painted, and scripts that
 * arrive before that paint compete with it (and count as holding it back in Lighthouse's estimate
 * of a slow phone, which includes every request that ended before it).
 *
 * `preload` is what the shell's app (`app`: bootstrap.tsx and the shared modules it imports) and
 * the page itself import. index.html's own preloads name every UI kit module any screen of the
 * shell uses (for pages that are not prerendered); a prerendered page leaves out those it does not
 * use. A shell build that records no `app` group keeps them all.
 */
function compose(indexHtml: string, page: PrerenderedPage, entry: string[], preload: string[], fetches: string[], app?: string[], onDemandScript?: string): ComposedPage {
  const named = new Set([...indexHtml.matchAll(/<script[^>]*\ssrc="([^"]+)"/g)].map((match) => match[1]));
  const eager = new Set(entry.filter((url) => !named.has(url)));
  const indexPreloads = [...indexHtml.matchAll(VITE_MODULE_PRELOAD)].map((match) => match[1] as string);
  const later = new Set([...(app ?? indexPreloads), ...preload]);
  const modulePreload = (url: string) => `<link rel="modulepreload" crossorigin href="${url}">`;
  const deferred = [
    ...fetches.map((url) => `<link rel="preload" href="${url}" as="fetch" crossorigin>`),
    ...[...later].filter((url) => !eager.has(url) && !named.has(url)).map(modulePreload),
  ];
  const preloads = [`<template ${PRELOAD_TEMPLATE_ATTRIBUTE}>`, ...deferred, '</template>'];
  const withHead = (html: string, head: string[], markup: string) =>
    html
      .replace(VITE_MODULE_PRELOAD, '')
      .replace('</head>', `${head.join('\n')}\n</head>`)
      .replace(ROOT_CONTENT, () => `<div id="root" data-prerendered>${markup}</div>`);
  const composed = compressed(withHead(indexHtml, [page.styles, ...[...eager].map(modulePreload), ...preloads], page.html), page.data ?? []);
  if (!page.appOnDemand || !onDemandScript || !ENTRY_SCRIPT.test(indexHtml)) return composed;
  // The same page without the app's script and its eager preloads: the small script loads the app
  // (named on its element) when a control is first used; the template of preloads waits for it.
  const onDemandHtml = indexHtml.replace(ENTRY_SCRIPT, (_tag, src: string) => `<script type="module" async crossorigin src="${onDemandScript}" data-app="${src}"></script>`);
  return { ...composed, onDemand: compressed(withHead(onDemandHtml, [page.styles, ...preloads], liveControls(page.html)), page.data ?? []) };
}

/** index.html's entry script (its one module script with a src), which a page with the app on demand replaces. */
const ENTRY_SCRIPT = /<script type="module" crossorigin src="([^"]+)"><\/script>/;

/** A page's HTML with its brotli and gzip forms, compressed once per build rather than per request. */
function compressed(html: string, data: DataPreload[]): ComposedPage {
  const source = Buffer.from(html);
  return {
    html: source,
    text: html,
    br: brotliCompressSync(source, { params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY } }),
    gzip: gzipSync(source, { level: constants.Z_BEST_COMPRESSION }),
    data,
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
  /** Every page carries the remotes' routes as the server knows them now (remote-routes.ts). */
  remoteRoutes?: () => RemoteRoutes;
};

/** Each remote behind its own server: its prerendered.json as last fetched, and a tag that changes with it. */
export type FetchedManifests = FetchedFiles<PrerenderManifest>;

/**
 * Keeps the prerendered.json of every remote behind its own server (its container) as that server
 * serves it now (followRemoteFile), so a redeployed remote's pages are composed from its new build.
 * A remote never fetched, or whose build has none, has its pages answered with index.html.
 */
export function followRemoteManifests(remotes: Record<string, RemoteSource>, options: { everyMs: number }) {
  return followRemoteFile(remotes, PRERENDER_MANIFEST, (text) => JSON.parse(text) as PrerenderManifest, options);
}

/**
 * The pages the web server answers with, both carrying the remotes' routes: `prerendered`, a
 * path's page if a build prerendered it, and `index`, index.html with its loading state for every
 * other page path (undefined without a shell build). Composed again whenever index.html, a
 * prerendered.json or a remote's routes change (a watch build, a redeployed remote), so a page
 * never names scripts a newer build has deleted, nor misses a path a remote now serves.
 */
export function prerenderedPages(sources: Sources) {
  const files = [
    path.join(sources.shellDist, 'index.html'),
    path.join(sources.shellDist, PRERENDER_MANIFEST),
    ...Object.values(sources.remotes).flatMap((source) => ('dist' in source ? [path.join(source.dist, PRERENDER_MANIFEST)] : [])),
  ];
  let composed: ({ version: string } & ComposedPages) | undefined;
  const current = (): ComposedPages => {
    const fetchedTags = [...(sources.fetched ?? [])].map(([name, { tag }]) => `${name}=${tag}`);
    const routes = sources.remoteRoutes?.() ?? { routes: [], tag: '' };
    const version = [...files.map((file) => statSync(file, { throwIfNoEntry: false })?.mtimeMs ?? 0), ...fetchedTags, routes.tag].join(':');
    if (composed?.version !== version) composed = { version, ...composePages(sources, routes.routes) };
    return composed;
  };
  return {
    prerendered: (pathname: string): ComposedPage | undefined => current().prerendered.get(pathname) ?? onRequestPageFor(current().prerendered, pathname),
    index: (): ComposedPage | undefined => current().index,
  };
}

/** Every prerendered page by path, and index.html for every other page path. */
type ComposedPages = { prerendered: Map<string, ComposedPage>; index: ComposedPage | undefined };

/**
 * index.html with the remotes' routes, and every prerendered page, by path: the shell's own (the
 * landing, sent without the app) and those of each remote. Each page preloads the shell's app and
 * the host's copies of the shared modules the page imports; a remote's page also the host's remote
 * loader, the remote's entry and /remotes.json. A remote
 * behind its own server contributes the manifest last fetched from it; a build without prerendered
 * pages is served as before: index.html.
 */
function composePages(options: Sources, routes: PublishedRemoteRoutes[]): ComposedPages {
  const prerendered = new Map<string, ComposedPage>();
  const indexFile = path.join(options.shellDist, 'index.html');
  if (!existsSync(indexFile)) return { prerendered, index: undefined };
  const preLaunch = options.preLaunch ?? false;
  const launchHtml = withLaunchSetting(readFileSync(indexFile, 'utf8'), preLaunch);
  const indexHtml = withRemoteRoutes(launchHtml, routes);
  const index = compressed(indexHtml, []);
  if (!ROOT_CONTENT.test(indexHtml)) return { prerendered, index };
  const shell = readManifest(options.shellDist);
  const entryChunks = shell?.groups.entry ?? [];
  const app = shell?.groups.app;
  const hostShared = (page: PrerenderedPage) => page.shared.flatMap((specifier) => shell?.sharedChunks[specifier] ?? []);
  for (const [pathname, built] of Object.entries(shell?.pages ?? {})) {
    // The shell's pages come in the launch setting's variant; one that works as HTML alone (the
    // landing) is sent without the app (static-pages.ts).
    const page = inLaunchSetting(built, preLaunch);
    const composed = page.static
      ? compressed(staticPageHtml(launchHtml, page, page.static.scripts), page.data ?? [])
      : compose(indexHtml, page, entryChunks, [...page.preload, ...hostShared(page)], [], app);
    prerendered.set(pathname, composed);
  }
  for (const [name, source] of Object.entries(options.remotes)) {
    const entry = options.remotesConfig[name]?.entry;
    const remote = 'dist' in source ? readManifest(source.dist) : options.fetched?.get(name)?.value;
    if (!remote || !entry) continue;
    for (const [pathname, page] of Object.entries(remote.pages)) {
      const preload = [...(shell?.groups.remoteLoader ?? []), entry, ...page.preload, ...hostShared(page)];
      const composed = compose(indexHtml, page, entryChunks, preload, [REMOTES_CONFIG_PATH], app, shell?.scripts?.appOnDemand);
      prerendered.set(pathname, page.onRequest ? { ...composed, onRequest: { remote: name, pattern: pathname, page } } : composed);
    }
  }
  return { prerendered, index };
}

/** The page rendered on request whose pattern (such as /ride-preview/:id) the path matches. */
function onRequestPageFor(pages: Map<string, ComposedPage>, pathname: string): ComposedPage | undefined {
  for (const page of pages.values()) if (page.onRequest && matchPagePattern(page.onRequest.pattern, pathname)) return page;
  return undefined;
}
