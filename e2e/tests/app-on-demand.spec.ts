import { expect, test } from '@playwright/test';
import { signUpThroughApi } from './support/accounts.ts';
import { holdTheApp } from './support/hold-the-app.ts';

/**
 * Issue 20, "Less to run": a guest gets the sign-in and search pages as HTML with one small script,
 * and the app comes with the first use of a control (frontends/README.md, "The app on demand").
 * Whatever the guest does before it has arrived is handed to it. Here the app's entry script is
 * held back until the guest has acted, so "before" is certain rather than a race.
 */

test('a guest who types and presses Log In before the app has arrived is signed in with what they typed', async ({ page, browser }) => {
  const elsewhere = await browser.newContext();
  const account = await signUpThroughApi(await elsewhere.newPage(), 'Early');
  await elsewhere.close();

  const app = await holdTheApp(page);
  // Nothing typed ever goes into an address, as a form sent the browser's way would put it.
  const addresses: string[] = [];
  page.on('request', (request) => addresses.push(request.url()));
  await page.goto('/login');
  await page.getByLabel('Email').fill(account.email);
  // The focus coming to the field started the download.
  await app.requested;
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  const logIn = page.getByRole('button', { name: 'Log In' });
  await logIn.click();
  await expect(logIn).toHaveAttribute('aria-busy', 'true');
  // A click waits for a navigation it starts: none did.
  expect(page.url()).toMatch(/\/login$/);

  app.release();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { name: `Welcome, ${account.first}!` })).toBeVisible();
  expect(addresses.filter((address) => address.includes(encodeURIComponent(account.email)) || address.includes(account.password))).toEqual([]);
});

test('a guest typing their name in the sign-up form keeps it, and the caret, when the app takes over', async ({ page }) => {
  const app = await holdTheApp(page);
  await page.goto('/create-account');
  const first = page.getByLabel('First Name');
  await first.fill('Abna');
  // The caret goes back between "Ab" and "na", where the missing letter belongs.
  await first.press('ArrowLeft');
  await first.press('ArrowLeft');
  await app.requested;
  app.release();
  // The app's own field now: React's styles replaced the prerendered ones.
  await expect(page.locator('style[data-prerendered-styles]')).toHaveCount(0);
  await expect(first).toHaveValue('Abna');
  await expect(first).toBeFocused();
  await page.keyboard.type('e');
  await expect(first).toHaveValue('Abena');
});

test('without JavaScript the sign-in form cannot be sent, so a password never goes into an address', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  try {
    const page = await context.newPage();
    await page.goto('/login');
    await page.getByLabel('Email').fill('ama@example.com');
    await page.getByLabel('Password', { exact: true }).fill('secret-words');
    await expect(page.getByRole('button', { name: 'Log In' })).toBeDisabled();
    // Enter in a field sends a form through its submit button, which is disabled. (A key press
    // waits for a navigation it starts: none did.)
    await page.getByLabel('Password', { exact: true }).press('Enter');
    expect(page.url()).toMatch(/\/login$/);
  } finally {
    await context.close();
  }
});
