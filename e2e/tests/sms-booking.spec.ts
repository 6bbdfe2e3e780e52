import { expect, type Locator, type Page, test } from '@playwright/test';
import { e2ePortOffset } from '../playwright.config.ts';
import { signUpThroughApi } from './support/accounts.ts';
import { verifiedDriverThroughApi } from './support/drivers.ts';
import { postedRideThroughApi } from './support/rides.ts';

/**
 * Booking by SMS end to end (issue 25), with the local SMS phone and the local mobile money gateway
 * `npm start` runs without providers' credentials: a member texts FIND Accra Kumasi from their
 * verified number and gets the next rides with their codes; texts BOOK with a ride's code (shown on
 * its details) and is told to approve the prompt; approves it on the gateway's phone page; and finds
 * the booking, confirmed with its booking code, on My Rides in the browser.
 */

/** The local SMS phone (4091 + the run's offset) and the local gateway's phone page (4095 + it): scripts/lib/system.ts. */
const smsPhone = `http://127.0.0.1:${4091 + e2ePortOffset}/sms`;
const walletPage = (e164: string) => `http://127.0.0.1:${4095 + e2ePortOffset}/phone/${encodeURIComponent(e164)}`;

/** Reloads `page` as its user would until `shown` is on it (replies arrive while nobody is looking). */
async function reloadedUntilShown(page: Page, shown: Locator) {
  await expect(async () => {
    await page.reload();
    await expect(shown).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 60_000, intervals: [500, 1_000, 2_000] });
}

test('a member texts FIND and BOOK from a basic phone, approves the mobile money prompt and sees the booking on My Rides', async ({ page, browser }) => {
  test.slow();
  const driver = await verifiedDriverThroughApi(page, 'Texted');
  const context = await browser.newContext();
  const passenger = await context.newPage();
  const phone = await context.newPage();
  try {
    const rider = await signUpThroughApi(passenger, 'Texter');
    const e164 = `+233${rider.phone.slice(1)}`;
    const rideId = await postedRideThroughApi(page, { licensePlate: `GR-${driver.phone.slice(-4)}-23`, leavesInHours: 70, bookingMode: 'instant', stops: [] });
    const rideCode = ((await (await passenger.request.get(`/api/rides/${rideId}`)).json()) as { rideCode: string }).rideCode;
    const conversation = phone.getByRole('region', { name: 'Conversation with Krom' });

    await test.step('the ride details show its code', async () => {
      await passenger.goto(`/ride-preview/${rideId}`);
      await expect(passenger.getByText(`Ride code: ${rideCode}`)).toBeVisible();
    });

    await test.step('FIND Accra Kumasi answers the next rides with their codes and how to book', async () => {
      await phone.goto(smsPhone);
      await phone.getByLabel('Phone number').fill(e164);
      await phone.getByLabel('Message').fill('FIND Accra Kumasi');
      await phone.getByRole('button', { name: 'Send' }).click();
      await reloadedUntilShown(phone, conversation.getByText(/Krom: Accra to Kumasi: .*Reply BOOK <code> <seats>/));
    });

    await test.step(`BOOK ${rideCode} 1 holds the seat and asks to approve the prompt`, async () => {
      await phone.getByLabel('Message').fill(`book ${rideCode.toLowerCase()} 1`);
      await phone.getByRole('button', { name: 'Send' }).click();
      await reloadedUntilShown(phone, conversation.getByText(new RegExp(`ride ${rideCode}\\. Booking [A-Z0-9]+, total GHS 105.*Approve the mobile money prompt on your phone`)));
    });

    await test.step('the prompt for GH₵105.00 is approved on the phone; My Rides shows the booking confirmed with its code', async () => {
      await phone.goto(walletPage(e164));
      const prompt = phone.getByRole('article').filter({ hasText: 'Pay GH₵105.00 to Krom' });
      await prompt.getByLabel('PIN (4 digits)').fill('1234');
      await prompt.getByRole('button', { name: 'Approve' }).click();
      await passenger.goto('/rides/as-passenger');
      const card = passenger.getByRole('listitem', { name: 'Accra → Kumasi' });
      await reloadedUntilShown(passenger, card.getByText('Confirmed'));
      await expect(card).toContainText(/Booking code[ACDEFGHJKMNPQRTUVWXY34679]{7}/);
    });
  } finally {
    await context.close();
  }
});
