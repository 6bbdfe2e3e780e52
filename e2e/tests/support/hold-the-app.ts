import type { Page } from '@playwright/test';

/**
 * For a page sent with the app on demand: holds the app's entry script (`/assets/index-….js`,
 * named on the small script's element) until `release` is called, so what a test does before the
 * app has arrived is certainly done before. `requested` settles when the page has asked for it.
 */
export async function holdTheApp(page: Page): Promise<{ release: () => void; requested: Promise<void> }> {
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  let requested = () => {};
  const asked = new Promise<void>((resolve) => {
    requested = resolve;
  });
  await page.route(/\/assets\/index-[\w-]+\.js$/, async (route) => {
    requested();
    await released;
    await route.continue();
  });
  return { release, requested: asked };
}
