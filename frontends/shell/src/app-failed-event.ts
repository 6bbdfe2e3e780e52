/**
 * Fired on the document by the app's entry (main.ts) when the app's code could not be loaded, for
 * a page sent with the app on demand, which waits for it (features/app-on-demand/take-over.ts).
 */
export const APP_FAILED_EVENT = 'krom:app-failed';
