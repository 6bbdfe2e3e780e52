import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

// Screens load their code lazily, as in the browser; on a busy 2-core machine the first
// transform of a lazy module can take longer than testing-library's 1 s default wait.
configure({ asyncUtilTimeout: 5000 });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

// jsdom has no layout: scrolling is a no-op there (the router's scroll restoration calls it).
if (typeof window !== 'undefined') {
  window.scrollTo = () => {};
  Element.prototype.scrollIntoView = () => {};
}
