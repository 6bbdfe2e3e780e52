import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { signUpThroughApi } from './support/accounts.ts';

test("a member downloads their data from Account Settings: a JSON file with their own name and details", async ({ page }) => {
  const account = await signUpThroughApi(page, 'Download');
  await page.goto('/account-settings');
  const section = page.getByRole('region', { name: 'Download your data' });
  await expect(section).toContainText('your profile, rides, bookings, payments, reviews and messages');

  const downloading = page.waitForEvent('download');
  await section.getByRole('button', { name: 'Download my data' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^krom-data-\d{4}-\d{2}-\d{2}\.json$/);

  const file = JSON.parse(await readFile((await download.path()) as string, 'utf8'));
  expect(file.identity.account).toMatchObject({ firstName: account.first, lastName: account.last, email: account.email, phone: account.phone });
  expect(file.rides).toMatchObject({ ridesDriven: [], bookingsMade: [], bookingsReceived: [], reviewsGiven: [], reviewsReceived: [] });
  expect(file.payments.payments).toEqual([]);
  expect(JSON.stringify(file)).not.toMatch(/password|Akwaaba-2026/i);
});
