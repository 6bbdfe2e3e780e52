import { defineConfig } from '@playwright/test';

/**
 * End-to-end tests in Debian's Chromium against the whole system, started by global-setup the
 * way the README starts it (`npm start`), on ports moved by 100 so a developer's running copy
 * is left alone.
 */
export const e2ePortOffset = 100;
export const baseURL = `http://localhost:${8080 + e2ePortOffset}`;

/** The screen of a mid-range Android phone, where the product is used first. */
export const phoneViewport = { width: 360, height: 740 };
/** Debian's Chromium, headless and quiet; a test that launches a browser of its own adds to these. */
export const chromiumArgs = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export default defineConfig({
  testDir: './tests',
  globalSetup: './global-setup.ts',
  // Limits that catch a hang, not judge speed: a machine kept busy by other work never reaches them.
  timeout: 300_000,
  expect: { timeout: 60_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  outputDir: '../var/e2e/test-output',
  use: {
    baseURL,
    viewport: phoneViewport,
    isMobile: false,
    acceptDownloads: true,
    trace: 'retain-on-failure',
    launchOptions: { executablePath: '/usr/bin/chromium', args: chromiumArgs },
  },
});
