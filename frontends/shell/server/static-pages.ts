import type { PrerenderedPage } from '@krom/ui-kit/build/prerender-manifest.ts';
import { PRE_LAUNCH_VARIANT } from '../src/launch-setting.ts';

/** The scripts index.html loads the app with: the entry, the modules it preloads, and the note for a browser without JavaScript. */
const APP_SCRIPTS = [/\s*<script type="module"[^>]*\ssrc="[^"]+"[^>]*><\/script>/g, /\s*<link rel="modulepreload"[^>]*>/g, /\s*<noscript>[\s\S]*?<\/noscript>/g];

/** index.html marks the part of #root a prerendered page replaces (its loading state). */
const ROOT_CONTENT = /<div id="root"><!--page-->[\s\S]*?<!--\/page--><\/div>/;

/** A prerendered page as the web server's PRE_LAUNCH setting asks for it: its pre-launch variant, when it has one. */
export function inLaunchSetting(page: PrerenderedPage, preLaunch: boolean): PrerenderedPage {
  const variant = preLaunch ? page.variants?.[PRE_LAUNCH_VARIANT] : undefined;
  return variant ? { ...page, ...variant } : page;
}

/**
 * A page that works as HTML alone (`static` in its manifest, the landing): index.html with the
 * page's markup and styles, without the app (no entry script, no preloads, nor the remotes' routes,
 * which only the app reads), with only the page's own scripts, run as soon as they arrive. Its
 * links are ordinary page loads; the app takes over on the next page.
 */
export function staticPageHtml(indexHtml: string, page: PrerenderedPage, scripts: string[]): string {
  const tags = scripts.map((url) => `<script type="module" async crossorigin src="${url}"></script>`);
  return APP_SCRIPTS.reduce((html, pattern) => html.replace(pattern, ''), indexHtml)
    .replace('</head>', `${[page.styles, ...tags].join('\n')}\n</head>`)
    .replace(ROOT_CONTENT, () => `<div id="root">${page.html}</div>`);
}
