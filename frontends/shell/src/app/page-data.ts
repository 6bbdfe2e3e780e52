import { type DehydratedState, hydrate, type QueryClient } from '@tanstack/react-query';
import { currentUserQueryKey } from '@krom/ui-kit/current-user.ts';
import { PAGE_DATA_ELEMENT_ID } from '../page-data-element.ts';

/**
 * Puts the API answers a page was rendered with on the server (the listing's rides, a ride) into
 * the query cache under the keys the page's own hooks use, before anything renders: the first
 * render shows what the HTML already shows, and nothing is asked again (the spec's data never
 * goes stale). An answered error (no such ride: its message and status) stays an error when the
 * screen mounts, rather than turning into a spinner while it is asked again. Read once, removed.
 */
export function takePageData(queryClient: QueryClient, doc: Document = document): void {
  const element = doc.getElementById(PAGE_DATA_ELEMENT_ID);
  if (!element) return;
  element.remove();
  const state = JSON.parse(element.textContent ?? '') as DehydratedState;
  for (const query of state.queries) if (query.state.error) queryClient.setQueryDefaults(query.queryKey, { retryOnMount: false });
  hydrate(queryClient, state);
  // A page sent to a visitor without a session was rendered signed out (render-on-request.ts): shown
  // so at once, but asked again when the page first uses it (they may have signed in in another tab).
  if (state.queries.some((query) => query.queryKey[0] === currentUserQueryKey[0])) {
    void queryClient.invalidateQueries({ queryKey: currentUserQueryKey, refetchType: 'none' });
  }
}
