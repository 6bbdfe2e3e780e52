import { expect, type Page, test } from '@playwright/test';
import { signUpThroughApi } from './support/accounts.ts';

/**
 * The landing page is served as HTML alone (frontends/shell/server/static-pages.ts): no app, only
 * its own small script. Its menu and its drivers/riders switch are native HTML, so they work on a
 * phone without the app; a signed-in member is still sent on to the dashboard.
 */

/** The scripts the page ran, by the responses the browser received for them. */
function scriptResponses(page: Page): string[] {
  const scripts: string[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script') scripts.push(new URL(response.url()).pathname);
  });
  return scripts;
}

test('the landing loads one small script, and its phone menu and drivers/riders switch work without the app', async ({ page }) => {
  const scripts = scriptResponses(page);
  await page.goto('/');
  await expect(page.getByRole('heading', { name: "Share the ride between Ghana's cities" })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(scripts).toHaveLength(1);
  expect(scripts[0]).toMatch(/^\/assets\/static-landing-[\w-]+\.js$/);

  await test.step('the phone menu opens, and closes on its close button, on Escape and on a section link', async () => {
    const menu = page.getByRole('dialog', { name: 'Menu' });
    await expect(menu).toBeHidden();
    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect(menu).toBeVisible();
    await expect(menu.getByRole('link')).toHaveText(['How It Works', 'Why Use Krom', 'Testimonials', 'Log in', 'Get Started']);
    await menu.getByRole('button', { name: 'Close menu' }).click();
    await expect(menu).toBeHidden();

    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect(menu).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();

    await page.getByRole('button', { name: 'Open menu' }).click();
    await menu.getByRole('link', { name: 'Testimonials' }).click();
    await expect(menu).toBeHidden();
    await expect(page).toHaveURL(/\/#testimonials$/);
    await expect(page.getByRole('heading', { name: 'What Our Community Says' })).toBeInViewport();
  });

  await test.step('the switch shows the drivers’ steps first, then the riders’, by tap and by keyboard', async () => {
    const switcher = page.getByRole('radiogroup', { name: 'Show steps for' });
    await switcher.scrollIntoViewIfNeeded();
    await expect(page.getByText('1. Post your ride')).toBeVisible();
    await expect(page.getByText('1. Search your route')).toBeHidden();
    await switcher.getByText('For Riders').click();
    await expect(switcher.getByRole('radio', { name: 'For Riders' })).toBeChecked();
    await expect(page.getByText('1. Search your route')).toBeVisible();
    await expect(page.getByText('1. Post your ride')).toBeHidden();
    await page.keyboard.press('ArrowRight');
    await expect(switcher.getByRole('radio', { name: 'For Drivers' })).toBeChecked();
    await expect(page.getByText('1. Post your ride')).toBeVisible();
  });

  await test.step('a link is an ordinary page load of the page it names', async () => {
    await page.getByRole('banner').getByRole('link', { name: 'Log in' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('heading', { name: 'Welcome Back' })).toBeVisible();
  });

  await test.step('back on / inside the app, the app renders the same menu and switch, and they work the same', async () => {
    // A guest's login page comes with the app on demand: the focus in a field brings the app, which
    // has taken the page over once the prerendered styles are gone (until then its links are page loads too).
    await page.getByLabel('Email').focus();
    await expect(page.locator('style[data-prerendered-styles]')).toHaveCount(0);
    await page.getByRole('link', { name: 'Krom home' }).click();
    await expect(page.getByRole('heading', { name: "Share the ride between Ghana's cities" })).toBeVisible();
    // Rendered by the app, not loaded: the document is still the one the login page came in.
    expect(await page.evaluate(() => new URL(performance.getEntriesByType('navigation')[0]?.name ?? '').pathname)).toBe('/login');
    const menu = page.getByRole('dialog', { name: 'Menu' });
    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect(menu).toBeVisible();
    await menu.getByRole('link', { name: 'How It Works' }).click();
    await expect(menu).toBeHidden();
    const switcher = page.getByRole('radiogroup', { name: 'Show steps for' });
    await expect(page.getByText('1. Post your ride')).toBeVisible();
    await switcher.getByText('For Riders').click();
    await expect(page.getByText('1. Search your route')).toBeVisible();
    await expect(page.getByText('1. Post your ride')).toBeHidden();
  });
});

test('a link to /#testimonials opens the landing at that section', async ({ page }) => {
  await page.goto('/#testimonials');
  await expect(page.getByRole('heading', { name: 'What Our Community Says' })).toBeInViewport();
});

test('a signed-in member who opens / ends on the dashboard', async ({ page }) => {
  await signUpThroughApi(page, 'Landing');
  await page.goto('/');
  await expect(page).toHaveURL(/\/dashboard$/);
});

test("the footer's Contact Us, Terms of Use and Privacy Policy are pages sent as HTML without any script", async ({ page }) => {
  const scripts = scriptResponses(page);
  await page.goto('/');
  const company = page.getByRole('navigation', { name: 'Company' });
  for (const [name, path] of [
    ['Privacy Policy', '/privacy'],
    ['Terms of Use', '/terms'],
    ['Contact Us', '/contact'],
  ] as const) {
    await company.getByRole('link', { name }).click();
    await expect(page).toHaveURL(new RegExp(`${path}$`));
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  }
  await page.waitForLoadState('networkidle');
  // The landing's own script only: the three pages loaded none.
  expect(scripts.filter((url) => !/^\/assets\/static-landing-[\w-]+\.js$/.test(url))).toEqual([]);
  await page.getByRole('link', { name: 'Krom home' }).click();
  await expect(page.getByRole('heading', { name: "Share the ride between Ghana's cities" })).toBeVisible();
});
