// The web server's Content-Security-Policy allows no eval. zod (each copy, as it loads) reads this
// and skips its `new Function` probe, which the browser reports as a violation even though it is caught.
(globalThis as { __zod_globalConfig?: { jitless?: boolean } }).__zod_globalConfig = { jitless: true };
import { PRELOAD_TEMPLATE_ATTRIBUTE } from '@krom/ui-kit/build/prerender-manifest.ts';
import { APP_FAILED_EVENT } from './app-failed-event.ts';

// A prerendered page is painted from its HTML alone and lists the scripts it needs in a template
// (server/prerendered-pages.ts): fetched from here, after that paint, all at once.
const preloads = document.querySelector<HTMLTemplateElement>(`template[${PRELOAD_TEMPLATE_ATTRIBUTE}]`);
if (preloads) document.head.append(preloads.content);

// Async boundary: the federation runtime must resolve shared singletons before any React code runs.
// A page waiting for the app (the app on demand) is told when it could not be loaded.
import('./bootstrap.tsx').catch((error: unknown) => {
  document.dispatchEvent(new Event(APP_FAILED_EVENT));
  throw error;
});
