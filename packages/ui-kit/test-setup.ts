import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

// How long findBy*/waitFor wait for what a test expects: a limit that catches a screen that never
// gets there, not a judge of speed. Screens load their code lazily, as in the browser, and on a
// 2-core machine kept busy by other work the first transform of a lazy module takes seconds.
configure({ asyncUtilTimeout: 30_000 });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

// jsdom has no layout: scrolling is a no-op there (the router's scroll restoration calls it).
if (typeof window !== 'undefined') {
  window.scrollTo = () => {};
  Element.prototype.scrollIntoView = () => {};
}
