import { type Browser, expect, type Locator, type Page, test } from '@playwright/test';
import config from '../playwright.config.ts';
import { type Account, signUpThroughApi } from './support/accounts.ts';
import { deliveredSms, e2eAdmin } from './support/e2e-env.ts';

/**
 * Verification end to end, in Chromium with its fake camera (a moving test pattern served as the
 * webcam, the permission granted without a prompt): a new user verifies their identity with a
 * camera selfie and their driver details with four photos; staff reject the driver details with a
 * reason, the user sees why, sends them again, staff approve, and the user sees Verified.
 */
const baseArgs = config.use?.launchOptions?.args ?? [];
test.use({
  launchOptions: {
    ...config.use?.launchOptions,
    args: [...baseArgs, '--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream'],
  },
  permissions: ['camera'],
});

/** A real 1×1 PNG: the server types photos from their bytes, so a name alone would not do. */
const onePixelPng = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
const photo = (name: string) => ({ name, mimeType: 'image/png', buffer: onePixelPng });

const inYears = (years: number) => {
  const date = new Date();
  date.setUTCFullYear(date.getUTCFullYear() + years);
  // Typed as people in Ghana write dates: dd/mm/yyyy.
  return date.toISOString().slice(0, 10).split('-').reverse().join('/');
};

const toast = (page: Page, title: string) =>
  page
    .getByRole('region', { name: 'Notifications (F8)' })
    .locator('li')
    .filter({ has: page.getByText(title, { exact: true }) });

async function staffSignIn(browser: Browser): Promise<Page> {
  const staff = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
  await staff.goto('/admin/login');
  await staff.getByLabel('Username').fill(e2eAdmin.username);
  await staff.getByLabel('Password').fill(e2eAdmin.password);
  await staff.getByRole('button', { name: 'Sign In' }).click();
  await expect(staff).toHaveURL(/\/admin$/);
  return staff;
}

/** Opens the pending submission of one kind by the name it was sent under, from the queue. */
async function openPending(staff: Page, fullName: string, kind: 'Identity' | 'Driver') {
  await staff.goto('/admin?tab=verifications&status=pending');
  const row = staff.getByRole('row').filter({ hasText: fullName }).filter({ hasText: kind });
  await row.getByRole('link', { name: fullName }).click();
  await expect(staff.getByRole('heading', { name: `${kind} verification` })).toBeVisible();
}

/** Every photo on the staff page has loaded through its signed link (a broken image has no width). */
/** Approve asks first (an approval cannot be undone from the screen); confirm it in the dialog. */
async function approve(staff: Page) {
  await staff.getByRole('button', { name: 'Approve' }).click();
  const asking = staff.getByRole('alertdialog', { name: 'Approve this verification?' });
  await asking.getByRole('button', { name: 'Approve' }).click();
}

async function expectPhotosShown(photos: Locator, count: number) {
  await expect(photos).toHaveCount(count);
  for (const image of await photos.all()) {
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  }
}

async function fillDriverForm(page: Page, fullName: string) {
  await page.getByLabel('Ghana Card Number').fill('gha-723456789-4');
  await page.getByLabel('Full Name').fill(fullName);
  await page.getByLabel('Date of Birth').fill('12/04/1990');
  await page.getByLabel('Licence Number').fill('DVL-0042817');
  await page.getByLabel('Licence Class').selectOption('B');
  await page.getByLabel('Licence Expiry Date').fill(inYears(2));
  await page.getByLabel('Ghana card (front)').setInputFiles(photo('card-front.png'));
  await page.getByLabel('Ghana card (back)').setInputFiles(photo('card-back.png'));
  await page.getByLabel("Driver's licence (front)").setInputFiles(photo('licence-front.png'));
  await page.getByLabel("Driver's licence (back)").setInputFiles(photo('licence-back.png'));
}

const driverCard = (page: Page) => page.getByRole('region', { name: 'Driver Verification' });
const identityCard = (page: Page) => page.getByRole('region', { name: 'Verification Status' });

test('a new driver is verified: camera selfie, photos, a rejection with its reason, a resubmission and an approval', async ({ page, browser }) => {
  test.slow();
  let account: Account;
  let fullName = '';
  const reason = 'The licence photo is too blurred to read';

  await test.step('the new user sends their Ghana card with a selfie taken by the camera', async () => {
    account = await signUpThroughApi(page, 'Verify');
    fullName = `Abena Verify ${account.phone.slice(-5)}`;
    await page.goto('/profile');
    await expect(identityCard(page)).toContainText('Not Verified');
    await identityCard(page).getByRole('link', { name: 'Verify Now' }).click();
    await expect(page).toHaveURL(/\/verify-identity$/);

    await page.getByLabel('Full Name').fill(fullName);
    await page.getByLabel('Ghana Card Number').fill('gha-723456789-4');
    await page.getByLabel('Expiry Date').fill(inYears(3));
    await page.getByLabel('Ghana Card Photo').setInputFiles(photo('card.png'));
    await expect(page.getByText('Ghana card uploaded - Tap to change')).toBeVisible();

    await page.getByRole('button', { name: 'Take Selfie' }).click();
    // Capture waits for the stream: enabled only once the fake camera's video plays.
    await expect(page.getByRole('button', { name: 'Capture' })).toBeEnabled();
    await expect(page.getByText('Loading camera...')).toBeHidden();
    await page.getByRole('button', { name: 'Capture' }).click();
    await expect(toast(page, 'Selfie Captured!')).toBeVisible();
    await expect(page.getByText('Tap to retake')).toBeVisible();

    await page.getByRole('button', { name: 'Submit for Verification' }).click();
    const dialog = page.getByRole('dialog', { name: 'ID successfully submitted for verification' });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Continue to Profile' }).click();
    await expect(page).toHaveURL(/\/profile$/);
    await expect(identityCard(page)).toContainText('Pending Approval');
  });

  await test.step('then their driver details with four photos, through the dashboard link', async () => {
    await page.goto('/driver-verification');
    await fillDriverForm(page, fullName);
    await page.getByRole('button', { name: 'Submit for Verification' }).click();
    const dialog = page.getByRole('dialog', { name: 'ID successfully submitted for verification' });
    await expect(dialog).toContainText('2-3 business days');
    await dialog.getByRole('button', { name: 'Continue to Profile' }).click();
    await expect(driverCard(page)).toContainText('Pending Approval');
  });

  const staff = await staffSignIn(browser);

  await test.step('staff open the driver submission, see its photos and reject it with a reason', async () => {
    await openPending(staff, fullName, 'Driver');
    await expect(staff.getByText('GHA-723456789-4')).toBeVisible();
    await expectPhotosShown(staff.getByRole('img', { name: /Ghana card \(|Driver's licence \(/ }), 4);
    await staff.getByRole('button', { name: 'Reject' }).click();
    await expect(staff.getByText('Please give the reason for rejecting this submission')).toBeVisible();
    await staff.getByLabel('Reason for rejection').fill(reason);
    await staff.getByRole('button', { name: 'Reject' }).click();
    await expect(toast(staff, 'Verification rejected')).toBeVisible();
  });

  await test.step('the user sees Verification Failed, the reason in a notification and by SMS', async () => {
    await page.goto('/profile');
    await expect(driverCard(page)).toContainText('Verification Failed');
    await expect(identityCard(page)).toContainText('Pending Approval');
    const to = `+233${account.phone.slice(1)}`;
    await expect.poll(() => deliveredSms().find((sms) => sms.to === to && sms.body.includes(reason))?.body ?? '').toContain('driver verification');
    await page.goto('/notifications');
    await expect(page.getByRole('article').filter({ hasText: 'Driver verification declined' })).toContainText(reason);
  });

  await test.step('the user sends the driver details again and sees why they were declined', async () => {
    await page.goto('/profile');
    await driverCard(page).getByRole('link', { name: 'Retry Verification' }).click();
    await expect(page).toHaveURL(/\/verify-identity-driver$/);
    await expect(page.getByText(reason)).toBeVisible();
    await fillDriverForm(page, fullName);
    await page.getByRole('button', { name: 'Submit for Verification' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Continue to Profile' }).click();
    await expect(driverCard(page)).toContainText('Pending Approval');
  });

  await test.step('staff see it marked resubmitted and approve it, and the identity with its selfie', async () => {
    await staff.goto('/admin?tab=verifications&status=pending');
    await expect(staff.getByRole('row').filter({ hasText: fullName }).filter({ hasText: 'Driver' })).toContainText('Resubmitted');
    await openPending(staff, fullName, 'Driver');
    await approve(staff);
    await expect(toast(staff, 'Verification approved')).toBeVisible();

    await openPending(staff, fullName, 'Identity');
    await expectPhotosShown(staff.getByRole('img', { name: /^(Ghana card|Selfie)$/ }), 2);
    await approve(staff);
    await expect(toast(staff, 'Verification approved')).toBeVisible();
  });

  await test.step('the user sees Verified on both cards and the approval notification', async () => {
    await page.goto('/profile');
    await expect(identityCard(page)).toContainText('Verified');
    await expect(identityCard(page)).toContainText('Your account has been verified');
    await expect(driverCard(page)).toContainText('Verified');
    await expect(driverCard(page).getByRole('link')).toHaveCount(0);
    await page.goto('/notifications');
    await expect(page.getByRole('article').filter({ hasText: 'Driver verification approved' })).toBeVisible();
    await expect(page.getByRole('article').filter({ hasText: 'Identity verified' })).toBeVisible();
  });

  await test.step('a photo link is refused to another user and to a signed-out visitor', async () => {
    await staff.goto('/admin?tab=verifications&status=approved');
    await staff.getByRole('row').filter({ hasText: fullName }).filter({ hasText: 'Identity' }).getByRole('link', { name: fullName }).click();
    const link = await staff.getByRole('img', { name: 'Selfie' }).getAttribute('src');
    expect(link).toMatch(/^\/api\/verification\/documents\//);
    const selfie = await staff.request.get(link!);
    expect(selfie.status()).toBe(200);
    expect(selfie.headers()['content-type']).toBe('image/jpeg');
    const visitor = await browser.newContext();
    expect((await visitor.request.get(`${config.use?.baseURL}${link}`)).status()).toBe(401);
    const other = await visitor.newPage();
    await signUpThroughApi(other, 'Other');
    expect((await other.request.get(link!)).status()).toBe(404);
    await visitor.close();
  });
  await staff.context().close();
});
