import { appOnDemand, scriptLoader } from './take-over.ts';

/**
 * The one script of a page sent with the app on demand (take-over.ts): the app's entry is named
 * on this script's own element, which the web server writes (server/prerendered-pages.ts).
 */
const app = document.querySelector<HTMLScriptElement>('script[data-app]')?.dataset.app;
if (app) appOnDemand(document, scriptLoader(document, app));
