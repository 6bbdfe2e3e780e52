import { randomUUID } from 'node:crypto';
import { type Browser, expect, type Page, test } from '@playwright/test';
import { baseURL } from '../playwright.config.ts';
import { signUpThroughApi } from './support/accounts.ts';
import { verifiedDriverThroughApi } from './support/drivers.ts';
import { e2eAdmin } from './support/e2e-env.ts';
import { postedRideThroughApi } from './support/rides.ts';

/**
 * Support and moderation (issue 24) as a member and staff live it: a passenger reports their ride
 * with a photo from /report-ride; staff find it in the queue, claim it, open the photo, reply and
 * resolve it; the passenger reads the reply on their ticket.
 */

test.use({ viewport: { width: 1280, height: 900 } });

const headers = { origin: baseURL };
// A real 1×1 PNG: the server judges an attachment's type from its bytes, not its name.
const photo = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');

async function staffSignedIn(browser: Browser): Promise<Page> {
  const page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
  await page.goto('/admin/login');
  await page.getByLabel('Username').fill(e2eAdmin.username);
  await page.getByLabel('Password').fill(e2eAdmin.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/admin$/);
  return page;
}

test('a passenger reports a ride with a photo; staff claim, reply and resolve; the passenger reads the reply', async ({ page, browser }) => {
  test.slow();
  const driver = await verifiedDriverThroughApi(page, 'ReportedDriver');
  const rideId = await postedRideThroughApi(page, { licensePlate: `GR-${driver.phone.slice(-4)}-22`, leavesInHours: 30, bookingMode: 'instant', stops: [] });

  const passengerContext = await browser.newContext();
  let staff: Page | undefined;
  try {
    const passenger = await passengerContext.newPage();
    const account = await signUpThroughApi(passenger, 'Reporter');
    const booked = await passenger.request.post('/api/bookings', {
      headers: { ...headers, 'idempotency-key': randomUUID() },
      data: { rideId, seats: 1, boardAt: 0, alightAt: 1, passengerName: `${account.first} ${account.last}`, passengerPhone: account.phone },
    });
    expect(booked.status(), await booked.text()).toBe(201);
    const bookingId = ((await booked.json()) as { id: string }).id;
    const subject = `Driver on the phone ${account.phone.slice(-4)}`;

    await test.step('the passenger reports the ride with a photo from /report-ride', async () => {
      await passenger.goto(`/report-ride?bookingId=${bookingId}`);
      const form = passenger.getByRole('form', { name: 'Report an issue' });
      await expect(form.getByLabel('Category')).toHaveValue('safety');
      await form.getByLabel('Subject').fill(subject);
      await form.getByLabel('Issue description').fill('The driver was on his phone the whole way from Accra, even at Nkawkaw.');
      await form.getByLabel('Attachments').setInputFiles({ name: 'dashboard.png', mimeType: 'image/png', buffer: photo });
      await form.getByRole('button', { name: 'Submit Report' }).click();
      await expect(passenger.getByRole('dialog', { name: 'Report successfully submitted for review' })).toBeVisible();
    });

    staff = await staffSignedIn(browser);
    await test.step('staff find the report in the queue and open it, with the photo and the booking', async () => {
      await staff?.goto('/admin?tab=tickets');
      await staff?.getByRole('link', { name: subject }).click();
      await expect(staff!.getByRole('heading', { level: 1, name: subject })).toBeVisible();
      await expect(staff!.getByText(bookingId)).toBeVisible();
      const link = staff!.getByRole('link', { name: 'dashboard.png' });
      const served = await staff!.request.get((await link.getAttribute('href')) ?? '');
      expect(served.status()).toBe(200);
      expect(served.headers()['content-type']).toContain('image/png');
      expect(Buffer.from(await served.body()).equals(photo)).toBe(true);
    });

    await test.step('staff claim it, reply and resolve it', async () => {
      await staff!.getByRole('button', { name: 'Claim ticket' }).click();
      await expect(staff!.getByText('Ticket claimed')).toBeVisible();
      await staff!.getByLabel('Your reply').fill('Thank you for telling us. We have spoken to the driver and will watch his next trips.');
      await staff!.getByRole('button', { name: 'Send reply' }).click();
      await expect(staff!.getByText('Reply sent')).toBeVisible();
      await staff!.getByRole('button', { name: 'Resolve' }).click();
      await expect(staff!.getByText('Ticket resolved')).toBeVisible();
    });

    await test.step('the passenger reads the reply on their ticket, marked resolved', async () => {
      await passenger.goto('/support/tickets');
      await passenger.getByRole('link', { name: subject }).click();
      await expect(passenger.getByRole('heading', { level: 1, name: subject })).toBeVisible();
      await expect(passenger.getByText('Resolved')).toBeVisible();
      const conversation = passenger.getByRole('list', { name: 'Conversation' });
      await expect(conversation).toContainText('Krom support');
      await expect(conversation).toContainText('We have spoken to the driver and will watch his next trips.');
    });
  } finally {
    await passengerContext.close();
    await staff?.context().close();
  }
});
