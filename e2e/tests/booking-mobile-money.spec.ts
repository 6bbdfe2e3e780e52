import { expect, type Locator, type Page, test } from '@playwright/test';
import { e2ePortOffset } from '../playwright.config.ts';
import { signUpThroughApi, smsCode, smsCount } from './support/accounts.ts';
import { verifiedDriverThroughApi } from './support/drivers.ts';
import { postedRideThroughApi } from './support/rides.ts';
import { departureMovedIntoThePast } from './support/trip-over.ts';

/**
 * Paying for a seat by mobile money end to end (issue 22), with the local mobile money gateway
 * `npm start` runs when no gateway's credentials are set: the passenger books with Mobile Money,
 * sees the fare, Krom's fee and the total first, waits on the prompt; on the gateway's phone page
 * for that number they approve it with their PIN (Telecel first asks for its voucher code, typed on
 * Krom's own voucher screen); the gateway's signed callback settles the payment, rides confirms the
 * booking, and the waiting screen turns into the confirmation with the boarding code. Then the
 * money's whole way: the payment and its receipt in Payments; the driver boards the passenger,
 * the ride completes, and after the disputes window the fare is paid out to the driver's confirmed
 * number (the phone page shows it received, the dashboard's earnings count it); another passenger
 * cancels more than 24 hours before departure and gets the fare back (Payments and the phone).
 * The e2e system runs the sweeps every few seconds, completes a ride as soon as its planned end
 * has passed and pays out 10 seconds after the release (e2eMoneyTimings in support/e2e-env.ts);
 * the trip's own time is not waited out: once everything before it is done, the test moves the
 * ride's departure into the past in the e2e system's rides database (support/trip-over.ts).
 */

/** The local gateway's phone page (4095 + the run's offset: scripts/lib/system.ts). */
const phonePage = (number: string) => `http://127.0.0.1:${4095 + e2ePortOffset}/phone/${encodeURIComponent(`+233${number.slice(1)}`)}`;

/** An instant ride Accra → Kumasi at GH₵100 a seat in 3 days, by the verified driver signed in in `page`. */
const instantRide = (page: Page, plateDigits: string, plateYear = '25') =>
  postedRideThroughApi(page, { licensePlate: `GR-${plateDigits}-${plateYear}`, leavesInHours: 72, bookingMode: 'instant', stops: [] });

/**
 * An instant ride like instantRide's that leaves in 2 hours (boarding is open from 24 hours
 * before) and takes 1 minute: once its departure is moved into the past (departureMovedIntoThePast),
 * its planned end has passed and the e2e system's completion sweep, with no grace, completes it.
 */
const rideLeavingSoon = (page: Page, plateDigits: string) =>
  postedRideThroughApi(page, { licensePlate: `GR-${plateDigits}-24`, leavesInHours: 2, bookingMode: 'instant', stops: [], duration: '1min' });

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

/**
 * For what changes on the server while nobody is looking (a refund settled, a payout made): the
 * screen is refreshed as its user would, until `shown` is on it.
 */
async function refreshedUntilShown(shown: Locator, refresh: () => Promise<unknown>, timeout = 120_000) {
  await expect(async () => {
    await refresh();
    await expect(shown).toBeVisible({ timeout: 10_000 });
  }).toPass({ timeout, intervals: [1_000, 2_000, 3_000] });
}

/** The phone page's Refresh link, as its owner taps it. */
const refreshPhone = (phone: Page) => () => phone.getByRole('link', { name: 'Refresh' }).click();

/** What the phone page lists as received: a payout "from Krom" or a refund "refunded by Krom". */
const moneyReceived = (phone: Page, text: string) => phone.getByRole('region', { name: 'Money received' }).getByRole('listitem').filter({ hasText: text });

/** The rows of a Payments list ('Recent transactions' on the Overview) about `what`. */
const transactionRow = (page: Page, what: string) =>
  page.getByRole('list', { name: 'Recent transactions' }).getByRole('listitem').filter({ hasText: what });

const boardingCode = /^[ACDEFGHJKMNPQRTUVWXY34679]{6}$/;

/** Approves the prompt for `wallet` on the gateway's phone page with a PIN. */
async function approveOnPhone(phone: Page, wallet: string) {
  await phone.goto(phonePage(wallet));
  const prompt = phone.getByRole('article').filter({ hasText: 'Pay GH₵105.00 to Krom' });
  await prompt.getByLabel('PIN (4 digits)').fill('1234');
  await prompt.getByRole('button', { name: 'Approve' }).click();
}

test('a passenger pays by mobile money and finds it in Payments; the trip completes and the driver is paid out; another passenger cancels and is refunded', async ({
  page,
  browser,
}) => {
  test.slow();
  const driver = await verifiedDriverThroughApi(page, 'Momo');
  const driverPhone = await page.context().newPage();
  const context = await browser.newContext();
  const passenger = await context.newPage();
  const phone = await context.newPage();
  const secondContext = await browser.newContext();
  const second = await secondContext.newPage();
  const secondPhone = await secondContext.newPage();
  try {
    const rider = await signUpThroughApi(passenger, 'Payer');
    const wallet = walletNumber('024');
    const rideId = await rideLeavingSoon(page, driver.phone.slice(-4));

    await test.step('the passenger books with Mobile Money and is asked to approve the prompt', async () => {
      await bookWithMobileMoney(passenger, rideId, wallet, 'mtn');
      await expect(passenger.getByRole('heading', { name: 'Approve the payment on your phone' })).toBeVisible();
      await expect(passenger.getByText(/We sent a prompt for GH₵105\.00 to 024 \*\*\* \*\*\d\d \(MTN Mobile Money\)/)).toBeVisible();
      await expect(passenger.getByRole('timer')).toContainText('Your seat is held for 1');
    });

    let code = '';
    await test.step('they approve it with their PIN on the phone page; the booking is confirmed with its code', async () => {
      await approveOnPhone(phone, wallet);
      await expect(passenger.getByRole('heading', { name: 'Booking confirmed' })).toBeVisible();
      const shown = passenger.getByText(boardingCode);
      await expect(shown).toBeVisible();
      code = (await shown.textContent()) ?? '';
      const mine = (await (await passenger.request.get('/api/bookings/mine')).json()) as { bookings: { status: string; paymentMethod: string }[] };
      expect(mine.bookings[0]).toMatchObject({ status: 'confirmed', paymentMethod: 'mobile_money' });
    });

    await test.step('the driver boards the passenger by their code in Manage Bookings', async () => {
      await page.goto('/rides/as-driver');
      await page.getByRole('button', { name: /Manage Bookings/ }).first().click();
      await page.getByLabel('Boarding code').fill(code);
      await page.getByRole('button', { name: 'Board', exact: true }).click();
      await expect(page.getByRole('list', { name: 'Passengers' }).getByRole('listitem').filter({ hasText: rider.first })).toContainText('Boarded');
    });

    await test.step('in Payments the passenger finds the payment, GH₵105.00 completed for Accra → Kumasi, and its receipt', async () => {
      await passenger.goto('/payments');
      const payment = transactionRow(passenger, 'Accra → Kumasi');
      await expect(payment).toContainText('−GH₵105.00');
      await expect(payment).toContainText('Completed');
      await payment.getByRole('link', { name: /^Receipt for Accra → Kumasi/ }).click();
      const receipt = passenger.getByRole('article', { name: 'Receipt' });
      await expect(receipt).toContainText('Completed');
      await expect(receipt).toContainText('Accra → Kumasi');
      await expect(receipt).toContainText(/MTN mobile money 024 \*\*\* \*\*\d\d/);
      const amounts = receipt.getByRole('table', { name: 'Amounts' });
      await expect(amounts.getByRole('row', { name: 'Fare GH₵100.00' })).toBeVisible();
      await expect(amounts.getByRole('row', { name: 'Service fee GH₵5.00' })).toBeVisible();
      await expect(amounts.getByRole('row', { name: 'Total GH₵105.00' })).toBeVisible();
    });

    const payoutWallet = walletNumber('024');
    await test.step('the driver adds a mobile money number for payouts and confirms it with the code texted to it', async () => {
      await page.goto('/payments');
      await page.getByRole('combobox', { name: 'Payment sections' }).selectOption({ label: 'Payment Methods' });
      await page.getByRole('button', { name: 'Add Mobile Money' }).click();
      const form = page.getByRole('form', { name: 'Add Mobile Money' });
      await form.getByLabel('Mobile Money Number').fill(payoutWallet);
      await expect(form.getByLabel('Network')).toHaveValue('mtn');
      await form.getByRole('button', { name: 'Add Number' }).click();
      const card = page.getByRole('article', { name: new RegExp(`${payoutWallet.slice(-4)}$`) });
      await expect(card).toContainText('Not confirmed');
      const before = smsCount(payoutWallet);
      await card.getByRole('button', { name: 'Confirm number' }).click();
      const texted = await smsCode(payoutWallet, before);
      const boxes = page.getByRole('textbox', { name: /^Digit \d of 4$/ });
      await boxes.first().click();
      await page.keyboard.type(texted);
      await expect(card).toContainText('Confirmed');
      await expect(card).not.toContainText('Not confirmed');
      await expect(card).toContainText('Default');
    });

    await test.step('another passenger pays for a seat on the driver’s ride in 3 days, cancels it from My Rides and is refunded the fare', async () => {
      const laterRideId = await instantRide(page, driver.phone.slice(-4), '23');
      await signUpThroughApi(second, 'Canceller');
      const secondWallet = walletNumber('024');
      await bookWithMobileMoney(second, laterRideId, secondWallet, 'mtn');
      await expect(second.getByRole('heading', { name: 'Approve the payment on your phone' })).toBeVisible();
      await approveOnPhone(secondPhone, secondWallet);
      await expect(second.getByRole('heading', { name: 'Booking confirmed' })).toBeVisible();

      await second.goto('/my-rides');
      await second.getByRole('button', { name: 'Cancel Booking' }).click();
      const dialog = second.getByRole('alertdialog');
      // More than 24 hours before departure: the fare back in full, Krom's fee kept.
      await expect(dialog).toContainText('More than 24 hours before departure, the policy gives back the full fare of GH₵100.00.');
      await dialog.getByRole('button', { name: 'Cancel Booking' }).click();
      await expect(second.getByText('Booking Cancelled')).toBeVisible();

      await second.goto('/payments');
      const refund = transactionRow(second, 'Refund: Accra → Kumasi');
      await refreshedUntilShown(refund.filter({ hasText: 'Refunded' }), () => second.reload());
      await expect(refund).toContainText('+GH₵100.00');
      await expect(transactionRow(second, 'Accra → Kumasi').filter({ hasNotText: 'Refund' })).toContainText('−GH₵105.00');

      await refreshedUntilShown(moneyReceived(secondPhone, 'GH₵100.00 refunded by Krom'), refreshPhone(secondPhone));
    });

    await test.step('the trip completes: the fare arrives on the driver’s phone and in their earnings', async () => {
      // The trip's time passing, written in the rides database (support/trip-over.ts): the ride
      // left 2 minutes ago and took 1. Everything from here is the system's own: the completion
      // sweep, the release, and the payout after the disputes window.
      await departureMovedIntoThePast(rideId);
      await driverPhone.goto(phonePage(payoutWallet));
      await refreshedUntilShown(moneyReceived(driverPhone, 'GH₵100.00 from Krom'), refreshPhone(driverPhone));

      await page.goto('/driver-dashboard');
      await refreshedUntilShown(page.getByRole('region', { name: 'Today' }).getByText('GH₵100.00'), () => page.reload());
      await expect(page.getByRole('region', { name: 'This week' })).toContainText('GH₵100.00');

      const past = (await (await passenger.request.get('/api/bookings/mine?when=past')).json()) as { bookings: { id: string; status: string }[] };
      expect(past.bookings.map((booking) => booking.status)).toEqual(['completed']);
    });
  } finally {
    await context.close();
    await secondContext.close();
    await driverPhone.close();
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
