import { expect, type Page, test } from '@playwright/test';
import { signUpThroughApi } from './support/accounts.ts';

/**
 * Issue 20, "Less to run": a guest gets the sign-in and search pages as HTML with one small script,
 * and the app comes with the first use of a control (frontends/README.md, "The app on demand").
 * Whatever the guest does before it has arrived is handed to it. Here the app's entry script is
 * held back until the guest has acted, so "before" is certain rather than a race.
 */

/** Holds the app's entry script (named on the small script's element) until `release` is called. */
async function holdTheApp(page: Page): Promise<{ release: () => void; requested: Promise<void> }> {
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

test('a guest who types and presses Log In before the app has arrived is signed in with what they typed', async ({ page, browser }) => {
  const elsewhere = await browser.newContext();
  const account = await signUpThroughApi(await elsewhere.newPage(), 'Early');
  await elsewhere.close();

  const app = await holdTheApp(page);
  await page.goto('/login');
  await page.getByLabel('Email').fill(account.email);
  // The focus coming to the field started the download.
  await app.requested;
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  const logIn = page.getByRole('button', { name: 'Log In' });
  await logIn.click();
  await expect(logIn).toHaveAttribute('aria-busy', 'true');
  await expect(page).toHaveURL(/\/login$/);

  app.release();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { name: `Welcome, ${account.first}!` })).toBeVisible();
});

test('a guest typing their name in the sign-up form keeps it, and the caret, when the app takes over', async ({ page }) => {
  const app = await holdTheApp(page);
  await page.goto('/create-account');
  const first = page.getByLabel('First Name');
  await first.fill('Abena');
  await app.requested;
  app.release();
  // The app's own field now: React's styles replaced the prerendered ones.
  await expect(page.locator('style[data-prerendered-styles]')).toHaveCount(0);
  await expect(first).toHaveValue('Abena');
  await expect(first).toBeFocused();
  await page.keyboard.type(' Mensah');
  await expect(first).toHaveValue('Abena Mensah');
});

test('without JavaScript the sign-in form cannot be sent, so a password never goes into an address', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  try {
    const page = await context.newPage();
    await page.goto('/login');
    await page.getByLabel('Email').fill('ama@example.com');
    await page.getByLabel('Password', { exact: true }).fill('secret-words');
    await expect(page.getByRole('button', { name: 'Log In' })).toBeDisabled();
    await page.getByLabel('Password', { exact: true }).press('Enter');
    await expect(page).toHaveURL(/\/login$/);
  } finally {
    await context.close();
  }
});
