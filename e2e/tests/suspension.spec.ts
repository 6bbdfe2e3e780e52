import { expect, type Page, test } from '@playwright/test';
import { e2ePortOffset } from '../playwright.config.ts';
import { signUpThroughApi } from './support/accounts.ts';
import { verifiedDriverThroughApi } from './support/drivers.ts';
import { e2eAdmin } from './support/e2e-env.ts';
import { postedRideThroughApi } from './support/rides.ts';

/**
 * A suspension (issue 24) as the people it touches live it: a passenger pays for a seat by mobile
 * money on a driver's ride; staff find the driver in the Members tab, open their page and suspend
 * them with a reason; the driver is signed out and refused at sign-in; the passenger is told that
 * Krom cancelled the booking and the whole payment comes back to their phone.
 */

test.use({ viewport: { width: 1280, height: 900 } });

/** The local gateway's phone page (4095 + the run's offset: scripts/lib/system.ts). */
const phonePage = (number: string) => `http://127.0.0.1:${4095 + e2ePortOffset}/phone/${encodeURIComponent(`+233${number.slice(1)}`)}`;

/** Refreshes as its user would until `shown` is on the screen (money settles while nobody looks). */
async function refreshedUntilShown(page: Page, shown: ReturnType<Page['getByText']>, refresh: () => Promise<unknown>) {
  await expect(async () => {
    await refresh();
    await expect(shown).toBeVisible({ timeout: 10_000 });
  }).toPass({ timeout: 120_000, intervals: [1_000, 2_000, 3_000] });
}

test('staff suspend a driver: the driver is signed out and refused, the passenger is told and refunded in full', async ({ page, browser }) => {
  test.slow();
  const driver = await verifiedDriverThroughApi(page, 'Suspended');
  const rideId = await postedRideThroughApi(page, { licensePlate: `GR-${driver.phone.slice(-4)}-21`, leavesInHours: 48, bookingMode: 'instant', stops: [] });

  const passengerContext = await browser.newContext();
  const staffContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  try {
    const passenger = await passengerContext.newPage();
    const phone = await passengerContext.newPage();
    await signUpThroughApi(passenger, 'Stranded');
    const wallet = `024${String(Date.now()).slice(-7)}`;

    await test.step('the passenger pays GH₵105.00 by mobile money for a seat on the driver’s ride', async () => {
      await passenger.goto(`/book-seat/${rideId}?seats=1`);
      await passenger.getByRole('radio', { name: /^Mobile Money/ }).check();
      await passenger.getByLabel('Mobile money number').fill(wallet);
      await passenger.getByRole('button', { name: 'Confirm' }).click();
      await expect(passenger.getByRole('heading', { name: 'Approve the payment on your phone' })).toBeVisible();
      await phone.goto(phonePage(wallet));
      const prompt = phone.getByRole('article').filter({ hasText: 'Pay GH₵105.00 to Krom' });
      await prompt.getByLabel('PIN (4 digits)').fill('1234');
      await prompt.getByRole('button', { name: 'Approve' }).click();
      await expect(passenger.getByRole('heading', { name: 'Booking confirmed' })).toBeVisible();
    });

    const staff = await staffContext.newPage();
    await test.step('staff find the driver in the Members tab and suspend them with a reason', async () => {
      await staff.goto('/admin/login');
      await staff.getByLabel('Username').fill(e2eAdmin.username);
      await staff.getByLabel('Password').fill(e2eAdmin.password);
      await staff.getByRole('button', { name: 'Sign In' }).click();
      await expect(staff).toHaveURL(/\/admin$/);
      await staff.goto('/admin?tab=members');
      await staff.getByLabel('Name, phone or e-mail').fill(driver.email);
      await staff.getByRole('button', { name: 'Search' }).click();
      await staff.getByRole('link', { name: driver.fullName }).click();
      await expect(staff.getByRole('heading', { level: 1, name: driver.fullName })).toBeVisible();
      await staff.getByLabel('Reason for suspending').fill('Several passengers reported him driving while on the phone.');
      await staff.getByRole('form', { name: 'Suspend member' }).getByRole('button', { name: 'Suspend' }).click();
      await staff.getByRole('alertdialog').getByRole('button', { name: 'Suspend' }).click();
      await expect(staff.getByText('Member suspended')).toBeVisible();
      await expect(staff.getByRole('button', { name: 'Lift suspension' })).toBeVisible();
    });

    await test.step('the driver is signed out, and refused at sign-in with the reason to contact support', async () => {
      expect((await page.request.get('/api/auth/user')).status()).toBe(401);
      await page.goto('/login');
      await page.getByLabel('Email').fill(driver.email);
      await page.getByLabel('Password', { exact: true }).fill(driver.password);
      await page.getByRole('button', { name: 'Log In' }).click();
      await expect(page.getByText('Your account is suspended. Contact support if you think this is a mistake.')).toBeVisible();
    });

    await test.step('the passenger is told Krom cancelled the booking, and the GH₵105.00 comes back to their phone', async () => {
      await passenger.goto('/notifications');
      await expect(passenger.getByText('Booking cancelled by Krom').first()).toBeVisible();
      await expect(passenger.getByText(/You get a full refund: everything you paid goes back to your mobile money\./).first()).toBeVisible();
      const refunded = phone.getByRole('region', { name: 'Money received' }).getByRole('listitem').filter({ hasText: 'GH₵105.00 refunded by Krom' });
      await refreshedUntilShown(phone, refunded, () => phone.getByRole('link', { name: 'Refresh' }).click());
    });
  } finally {
    await passengerContext.close();
    await staffContext.close();
  }
});
