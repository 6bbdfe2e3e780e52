import { expect, type Page, test } from '@playwright/test';
import { e2ePortOffset } from '../playwright.config.ts';
import { signUpThroughApi } from './support/accounts.ts';
import { verifiedDriverThroughApi } from './support/drivers.ts';
import { postedRideThroughApi } from './support/rides.ts';

/**
 * Paying for a seat by mobile money end to end (issue 22), with the local mobile money gateway
 * `npm start` runs when no gateway's credentials are set: the passenger books with Mobile Money,
 * sees the fare, Krom's fee and the total first, waits on the prompt; on the gateway's phone page
 * for that number they approve it with their PIN (Telecel first asks for its voucher code, typed on
 * Krom's own voucher screen); the gateway's signed callback settles the payment, rides confirms the
 * booking, and the waiting screen turns into the confirmation with the boarding code.
 */

/** The local gateway's phone page (4095 + the run's offset: scripts/lib/system.ts). */
const phonePage = (number: string) => `http://127.0.0.1:${4095 + e2ePortOffset}/phone/${encodeURIComponent(`+233${number.slice(1)}`)}`;

/** An instant ride Accra → Kumasi at GH₵100 a seat in 3 days, by the verified driver signed in in `page`. */
const instantRide = (page: Page, plateDigits: string) =>
  postedRideThroughApi(page, { licensePlate: `GR-${plateDigits}-25`, leavesInHours: 72, bookingMode: 'instant', stops: [] });

/** A wallet number of the network's prefix no other test uses. */
const walletNumber = (prefix: '024' | '020') => `${prefix}${String(Date.now()).slice(-7)}`;

/** Books 1 seat on `rideId` with Mobile Money from `wallet`, after checking the fare, the fee and the total shown first. */
async function bookWithMobileMoney(passenger: Page, rideId: string, wallet: string, network: string) {
  await passenger.goto(`/book-seat/${rideId}?seats=1`);
  await passenger.getByRole('radio', { name: /^Mobile Money/ }).check();
  await passenger.getByLabel('Mobile money number').fill(wallet);
  await expect(passenger.getByLabel('Network')).toHaveValue(network);
  // GH₵100 fare, 5% fee: GH₵5.00, GH₵105.00 in all.
  await expect(passenger.getByText('Krom service fee')).toBeVisible();
  await expect(passenger.getByText('GH₵5.00')).toBeVisible();
  await expect(passenger.getByText('GH₵105.00')).toBeVisible();
  await passenger.getByRole('button', { name: 'Confirm' }).click();
}

/** Approves the prompt for `wallet` on the gateway's phone page with a PIN. */
async function approveOnPhone(phone: Page, wallet: string) {
  await phone.goto(phonePage(wallet));
  const prompt = phone.getByRole('article').filter({ hasText: 'Pay GH₵105.00 to Krom' });
  await prompt.getByLabel('PIN (4 digits)').fill('1234');
  await prompt.getByRole('button', { name: 'Approve' }).click();
}

test('a passenger pays for a seat by mobile money: approves the prompt on the phone page and sees the booking confirmed', async ({ page, browser }) => {
  test.slow();
  const driver = await verifiedDriverThroughApi(page, 'Momo');
  const rideId = await instantRide(page, driver.phone.slice(-4));
  const context = await browser.newContext();
  const passenger = await context.newPage();
  const phone = await context.newPage();
  try {
    await signUpThroughApi(passenger, 'Payer');
    const wallet = walletNumber('024');

    await test.step('the passenger books with Mobile Money and is asked to approve the prompt', async () => {
      await bookWithMobileMoney(passenger, rideId, wallet, 'mtn');
      await expect(passenger.getByRole('heading', { name: 'Approve the payment on your phone' })).toBeVisible();
      await expect(passenger.getByText(/We sent a prompt for GH₵105\.00 to 024 \*\*\* \*\*\d\d \(MTN Mobile Money\)/)).toBeVisible();
      await expect(passenger.getByRole('timer')).toContainText('Your seat is held for 1');
    });

    await test.step('they approve it with their PIN on the phone page; the booking is confirmed with its code', async () => {
      await approveOnPhone(phone, wallet);
      await expect(passenger.getByRole('heading', { name: 'Booking confirmed' })).toBeVisible();
      await expect(passenger.getByText(/^[ACDEFGHJKMNPQRTUVWXY34679]{6}$/)).toBeVisible();
      const mine = (await (await passenger.request.get('/api/bookings/mine')).json()) as { bookings: { status: string; paymentMethod: string }[] };
      expect(mine.bookings[0]).toMatchObject({ status: 'confirmed', paymentMethod: 'mobile_money' });
    });
  } finally {
    await context.close();
  }
});

test("a Telecel passenger types the network's voucher code on Krom's voucher screen, then approves the prompt", async ({ page, browser }) => {
  test.slow();
  const driver = await verifiedDriverThroughApi(page, 'Voucher');
  const rideId = await instantRide(page, driver.phone.slice(-4));
  const context = await browser.newContext();
  const passenger = await context.newPage();
  const phone = await context.newPage();
  try {
    await signUpThroughApi(passenger, 'Telecel');
    const wallet = walletNumber('020');
    await bookWithMobileMoney(passenger, rideId, wallet, 'vodafone');
    await expect(passenger.getByRole('heading', { name: 'Enter your Telecel voucher code' })).toBeVisible();

    // The network "texts" the code: the phone page shows it.
    await phone.goto(phonePage(wallet));
    const texted = await phone.getByText(/Telecel texted you a voucher code:/).locator('strong').textContent();
    await passenger.getByLabel('Voucher code').fill(texted ?? '');
    await passenger.getByRole('button', { name: 'Send code' }).click();
    await expect(passenger.getByRole('heading', { name: 'Approve the payment on your phone' })).toBeVisible();

    await approveOnPhone(phone, wallet);
    await expect(passenger.getByRole('heading', { name: 'Booking confirmed' })).toBeVisible();
  } finally {
    await context.close();
  }
});
