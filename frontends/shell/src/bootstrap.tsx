import { PRERENDERED_STYLES_ATTRIBUTE } from '@krom/ui-kit/build/prerender-manifest.ts';
import { StrictMode, startTransition, useEffect } from 'react';
import { createRoot } from 'react-dom/client';
import { App, router } from './app/app.tsx';

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element to mount Krom into.');
const root = createRoot(container);

/** After React's first commit its own styles are in place: the prerendered page's can go. */
function DropPrerenderedStyles() {
  useEffect(() => {
    for (const style of document.querySelectorAll(`style[${PRERENDERED_STYLES_ATTRIBUTE}]`)) style.remove();
  }, []);
  return null;
}

if (container.hasAttribute('data-prerendered')) {
  // The web server sent this page prerendered (server/prerendered-pages.ts). It stays on screen
  // until the router has the page's code, so React's first render replaces it with the same page,
  // no spinner in between. Not hydrated: styled-components names classes in creation order, which
  // differs between the build's render and the browser's. Rendered as a transition, in slices, so
  // the main thread stays free for the visitor while the page is already showing.
  if (!router.state.initialized) {
    await new Promise<void>((resolve) => {
      const unsubscribe = router.subscribe((state) => {
        if (!state.initialized) return;
        unsubscribe();
        resolve();
      });
    });
  }
  startTransition(() =>
    root.render(
      <StrictMode>
        <App />
        <DropPrerenderedStyles />
      </StrictMode>,
    ),
  );
} else {
  root.render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}
