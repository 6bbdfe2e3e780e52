import { appOnDemand, scriptLoader } from './take-over.ts';

/**
 * The one script of a page sent with the app on demand (take-over.ts): the app's entry is named
 * on this script's own element, which the web server writes (server/prerendered-pages.ts).
 *
 * The element is `async`, so on a slow or busy device the script can run before the page below
 * it is parsed: it then waits for the page (the server's controls in #root) before taking them on.
 */
const start = () => {
  const app = document.querySelector<HTMLScriptElement>('script[data-app]')?.dataset.app;
  if (app) appOnDemand(document, scriptLoader(document, app));
};
if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', start, { once: true });
else start();
