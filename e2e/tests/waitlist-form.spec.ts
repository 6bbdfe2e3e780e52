import { expect, test } from '@playwright/test';
import { uniqueVisitor } from './support/e2e-env.ts';

test('the phone input keeps digits only, starts with 0 and stops at 10 digits', async ({ page }) => {
  await page.goto('/waitlist');
  const phone = page.getByLabel('Phone');
  await phone.pressSequentially('24a-123 45b67');
  await expect(phone).toHaveValue('0241234567');
  await phone.pressSequentially('899');
  await expect(phone).toHaveValue('0241234567');
  await phone.fill('');
  await phone.pressSequentially('0551234567');
  await expect(phone).toHaveValue('0551234567');
});

test('each field rule shows the spec message', async ({ page }) => {
  await page.goto('/waitlist');
  await page.getByLabel('First name').fill('A');
  await page.getByLabel('Email').fill('not-an-email');
  await page.getByLabel('Phone').pressSequentially('0141');
  await page.getByRole('button', { name: 'Sign Up' }).click();
  // The joined name is one field; its error shows under both name inputs.
  await expect(page.getByText('Name must be at least 2 characters')).toHaveCount(2);
  await expect(page.getByText('Please enter a valid email address')).toBeVisible();
  await expect(page.getByText('Please enter a valid 10-digit Ghana phone number starting with 0')).toBeVisible();
  await expect(page).toHaveURL(/\/waitlist$/);
});

test('joining twice with the same e-mail still thanks the visitor', async ({ page }) => {
  const visitor = uniqueVisitor('Twice');
  for (let attempt = 0; attempt < 2; attempt++) {
    await page.goto('/waitlist');
    await page.getByLabel('First name').fill(visitor.first);
    await page.getByLabel('Last name').fill(visitor.last);
    await page.getByLabel('Email').fill(visitor.email);
    await page.getByLabel('Phone').fill(visitor.phone);
    await page.getByRole('button', { name: 'Sign Up' }).click();
    await expect(page.getByRole('heading', { name: 'Thank You!' })).toBeVisible();
  }
});

test('an unknown path shows the 404 page', async ({ page }) => {
  await page.goto('/no-such-page/anywhere');
  await expect(page.getByText('Page Not Found')).toBeVisible();
});
