/**
 * A page the web server renders on request (server/render-on-request.ts) carries the API answers it
 * was rendered with, as react-query's dehydrated state, and the shell puts them into its query
 * cache before its first render (app/page-data.ts). Shared with the web server, so no DOM here.
 */
export const PAGE_DATA_ELEMENT_ID = 'krom-page-data';

/**
 * The data as a JSON data block at the end of the page's body: not a script the browser runs, no
 * request for it. `<` is escaped, so no text in it (a ride's description) can end the element or
 * open a comment.
 */
export function pageDataElement(data: unknown): string {
  return `<script type="application/json" id="${PAGE_DATA_ELEMENT_ID}">${JSON.stringify(data).replace(/</g, '\\u003c')}</script>`;
}
