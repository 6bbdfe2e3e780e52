import type { RouteObject } from 'react-router-dom';

/**
 * Loads the lazy screens the routes give `paths`, as a test does before its first render: the
 * screens load lazily as in the browser, and compiling them up front keeps that cost out of the
 * first test's time limit on a busy machine. Through the app's routes, so a feature's test warms
 * another feature's screen without importing that feature's internals.
 */
export async function preloadRoutes(routes: RouteObject[], paths: string[]): Promise<void> {
  for (const route of routes) {
    if (route.path !== undefined && paths.includes(route.path) && typeof route.lazy === 'function') await route.lazy();
    if (route.children) await preloadRoutes(route.children, paths);
  }
}
