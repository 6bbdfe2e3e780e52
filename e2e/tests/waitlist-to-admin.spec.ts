import { readFileSync } from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import Papa from 'papaparse';
import { deliveredSms, e2eAdmin, uniqueVisitor } from './support/e2e-env.ts';

test.use({ viewport: { width: 1280, height: 900 } });

async function signInAsAdmin(page: Page, username: string, password: string) {
  await page.goto('/admin/login');
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/admin$/);
}

test('a visitor joins the waitlist, is texted, and staff see, export and manage it', async ({ page }) => {
  const visitor = uniqueVisitor('Story');

  // The marketplace is open (PRE_LAUNCH off, the default), so the landing page no longer sends
  // visitors here; the waitlist page stays for people given its address.
  await test.step('the visitor joins from the waitlist page', async () => {
    await page.goto('/waitlist');
    await page.getByLabel('First name').fill(visitor.first);
    await page.getByLabel('Last name').fill(visitor.last);
    await page.getByLabel('Email').fill(visitor.email);
    await page.getByLabel('Phone').fill(visitor.phone);
    await page.getByRole('button', { name: 'Sign Up' }).click();
    await expect(page).toHaveURL(/\/thank-you$/);
    await expect(page.getByRole('heading', { name: 'Thank You!' })).toBeVisible();
  });

  await test.step('a welcome SMS goes out through the notifications service', async () => {
    const to = `+233${visitor.phone.slice(1)}`;
    await expect.poll(() => deliveredSms().find((sms) => sms.to === to)?.body ?? '').toContain(visitor.first);
  });

  await test.step('staff sign in and find the sign-up in the Waitlist tab', async () => {
    await signInAsAdmin(page, e2eAdmin.username, e2eAdmin.password);
    await expect(page.getByText('Login successful')).toBeVisible();
    const row = page.getByRole('row').filter({ hasText: visitor.email });
    await expect(row).toContainText(`${visitor.first} ${visitor.last}`);
    await expect(row).toContainText(visitor.phone);
    await expect(page.getByRole('tab', { name: /Waitlist/ })).toContainText(/\d+/);
  });

  await test.step('the CSV export holds the spec columns, quoted, with the sign-up', async () => {
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export CSV' }).click()]);
    const today = new Date();
    const stamp = `${today.getFullYear()}-${String(today.getMonth() + 1).padStart(2, '0')}-${String(today.getDate()).padStart(2, '0')}`;
    expect(download.suggestedFilename()).toBe(`waitlist-${stamp}.csv`);
    const text = readFileSync((await download.path())!, 'utf8');
    const lines = text.trim().split(/\r?\n/);
    expect(lines[0]).toBe('"Name","Email","Phone","Joined Date"');
    const parsed = Papa.parse<string[]>(text.trim()).data;
    const mine = parsed.find((cells) => cells[1] === visitor.email);
    expect(mine?.slice(0, 3)).toEqual([`${visitor.first} ${visitor.last}`, visitor.email, visitor.phone]);
    // en-US short month with hour and minute, e.g. "Nov 22, 2026, 03:01 AM".
    expect(mine?.[3]).toMatch(/^[A-Z][a-z]{2} \d{1,2}, \d{4}, \d{2}:\d{2} (AM|PM)$/);
    expect(lines.every((line) => /^"([^"]|"")*"(,"([^"]|"")*")*$/.test(line))).toBe(true);
    await expect(page.getByText('Export successful')).toBeVisible();
  });

  await test.step('staff create another admin, who can sign in', async () => {
    await page.getByRole('tab', { name: /Admin Users/ }).click();
    const createForm = page.getByRole('form', { name: 'Create Admin User' });
    await createForm.getByLabel('Username').fill('e2e.second');
    await createForm.getByLabel('Password').fill('second-pass');
    // Only an administrator manages staff accounts, as the next step does. (Each staff row of the
    // table below has its own role checkboxes too, so this one is the form's.)
    await createForm.getByRole('checkbox', { name: 'Administrator' }).check();
    await createForm.getByRole('button', { name: 'Create Admin' }).click();
    await expect(page.getByText('Admin user created')).toBeVisible();
    await expect(page.getByRole('row').filter({ hasText: 'e2e.second' })).toBeVisible();
    await expect(createForm.getByLabel('Username')).toHaveValue('');

    await page.getByRole('button', { name: /Logout/i }).click();
    await expect(page).toHaveURL(/\/admin\/login$/);
    await page.goto('/admin');
    await expect(page).toHaveURL(/\/admin\/login$/);
    await signInAsAdmin(page, 'e2e.second', 'second-pass');
  });

  await test.step('a duplicate admin name is refused with a clear message', async () => {
    await page.getByRole('tab', { name: /Admin Users/ }).click();
    await page.getByLabel('Username').fill('e2e.second');
    await page.getByLabel('Password').fill('another-pass');
    await page.getByRole('button', { name: 'Create Admin' }).click();
    await expect(page.getByText('Error creating admin user')).toBeVisible();
    await expect(page.getByText('Username already exists')).toBeVisible();
  });
});

test('wrong staff credentials give the spec error', async ({ page }) => {
  await page.goto('/admin/login');
  await page.getByLabel('Username').fill(e2eAdmin.username);
  await page.getByLabel('Password').fill('not-the-password');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByText('Login failed')).toBeVisible();
  await expect(page.getByText('Invalid username or password')).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/login$/);
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test('a dropdown replaces the tabs and the page does not scroll sideways', async ({ page }) => {
    await signInAsAdmin(page, e2eAdmin.username, e2eAdmin.password);
    const sections = page.getByRole('combobox', { name: 'Admin sections' });
    await expect(sections).toBeVisible();
    await expect(page.getByRole('tab', { name: /Admin Users/ })).toBeHidden();
    await sections.selectOption('admins');
    await expect(page.getByRole('button', { name: 'Create Admin' })).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });
});
